import type { TaskConfig, ToolResult } from '@quiver/core';
import type { AgentConfig } from './agent-config-loader.js';
import type { SubagentOptions } from './subagent-options.js';

/**
 * Run subagents for prompts (see run-subagents.ts). The agent loop, and the AI SDK under it,
 * load on the first call rather than with the plugin: hosts import every plugin to list tools.
 * @param config - The calling tool's TaskConfig.
 * @param prompts - One prompt per subagent.
 * @param agent - A configured agent from `.quiver/agents/*.yaml`, if any.
 */
export async function runSubagents(config: TaskConfig<SubagentOptions>, prompts: string[], agent?: AgentConfig): Promise<ToolResult> {
  const loop = await import('./run-subagents.js');
  return loop.runSubagents(config, prompts, agent);
}
