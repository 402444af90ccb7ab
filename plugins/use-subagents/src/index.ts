import { definePlugin } from '@quiver/core';
import { useSubagentsTool } from './use-subagents-tool.js';
import { subagentOptions } from './subagent-options.js';

export { useSubagentsTool, useSubagentsParams } from './use-subagents-tool.js';
export { runSubagents } from './run-subagents-lazy.js';
export { DEFAULT_SUBAGENT_MAX_TURNS } from './subagent-limits.js';
export { normalizePrompts, MAX_SUBAGENT_PROMPTS } from './subagent-prompts.js';
export { formatSubagentSummary } from './format-subagent-summary.js';
export type { SubagentOutcome } from './format-subagent-summary.js';
export { loadAgentConfigs, parseAgentConfig, AGENTS_DIR } from './agent-config-loader.js';
export type { AgentConfig, AgentConfigs } from './agent-config-loader.js';
export { agentToolName, AGENT_TOOL_PREFIX, DEFAULT_SUBAGENT_TOOLS, KNOWN_TOOL_NAMES } from './subagent-tool-names.js';
export { loadAgentToolsPlugin, createAgentTool, AGENT_TOOLS_PACKAGE } from './agent-tools-plugin.js';
export type { AgentToolsPlugin } from './agent-tools-plugin.js';

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
