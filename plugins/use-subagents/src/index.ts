import { definePlugin } from '@quiver/core';
import { useSubagentsTool } from './use-subagents-tool.js';
import { subagentOptions } from './subagent-options.js';

export { loadAgentToolsPlugin, type AgentToolsPlugin } from './agent-tools-plugin.js';

/**
 * The use_subagents plugin: registers `use_subagents`. Plugin options: `maxTurns` (a subagent's
 * turn cap, default 20) and `tools` (the subagents' tools, default read_file, list_files,
 * search_files, list_code_definition_names, execute_command, use_skill, attempt_completion).
 * Needs a host that provides `agentServices` from @quiver/agent (`quiver run` does).
 * @example
 * // quiver.config.json
 * { "plugins": [{ "name": "@quiver/tool-use-subagents", "options": { "maxTurns": 10 } }] }
 */
export default definePlugin({ name: '@quiver/tool-use-subagents', tools: [useSubagentsTool], options: subagentOptions });
