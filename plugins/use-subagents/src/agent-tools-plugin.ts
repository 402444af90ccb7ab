import { join } from 'node:path';
import { defineTool, definePlugin, ERROR_CODES, errorResult, responses, type PluginDefinition, type ToolDefinition } from '@quiver/core';
import { z } from 'zod';
import { AGENTS_DIR, loadAgentConfigs, type AgentConfig } from './agent-config-loader.js';
import { runSubagents } from './run-subagents-lazy.js';
import { agentToolName } from './subagent-tool-names.js';

/** The package name of the in-memory plugin holding the dynamic subagent tools. */
export const AGENT_TOOLS_PACKAGE = '@quiver/tool-use-subagents/agents';

/** The tool of one agent config: `use_subagent_<slug>`, one `prompt` (`prompt_1` accepted too). */
export function createAgentTool(agent: AgentConfig, name: string): ToolDefinition {
  return defineTool({
    name,
    description: `Use the "${agent.name}" subagent: ${agent.description}`,
    params: z.object({
      prompt: z.string().optional().describe('The task for the subagent.'),
      prompt_1: z.string().optional().describe('Same as prompt (accepted for compatibility).'),
    }),
    approval: 'read',
    annotations: { readOnly: true, openWorld: true },
    describe: () => `[${name}]`,
    async execute(config, params) {
      if (config.isSubagentExecution) return errorResult(`${name} is not available inside a subagent run.`, ERROR_CODES.MODE_RESTRICTED);
      const prompt = (params.prompt ?? params.prompt_1 ?? '').trim();
      if (!prompt) return errorResult(responses.missingParameter('prompt', name), ERROR_CODES.PARAM_MISSING);
      return runSubagents(config, [prompt], agent);
    },
  });
}

/** What {@link loadAgentToolsPlugin} found. */
export interface AgentToolsPlugin {
  /** The plugin with one tool per valid config; undefined when there are none. */
  plugin?: PluginDefinition;
  /** The tool names, in file order. */
  names: string[];
  /** Configs that were skipped, with why. */
  errors: { file: string; message: string }[];
}

/**
 * Load `<root>/.quiver/agents/*.yaml` and make one tool per agent (SPEC Part B §16.x.9 naming);
 * a host adds the plugin to its registry (and may hide the generic use_subagents, as the
 * baseline does when dynamic agents exist).
 * @example
 * const agents = await loadAgentToolsPlugin(runtime.workspace.primary.path);
 * if (agents.plugin) runtime.host.registry.addPlugin(agents.plugin);
 */
export async function loadAgentToolsPlugin(root: string, taken: Iterable<string> = []): Promise<AgentToolsPlugin> {
  const { agents, errors } = await loadAgentConfigs(join(root, AGENTS_DIR));
  const names = new Set(taken);
  const tools = agents.map((agent) => createAgentTool(agent, agentToolName(agent.name, names)));
  if (!tools.length) return { names: [], errors };
  return { plugin: definePlugin({ name: AGENT_TOOLS_PACKAGE, tools }), names: tools.map((t) => t.name), errors };
}
