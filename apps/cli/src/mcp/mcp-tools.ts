import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Registry, ToolDefinition, ToolInfo } from '@quiver/core';

/**
 * A Quiver tool as MCP `tools/list` shows it: its name, description, the JSON Schema of its
 * parameters, and its annotations as MCP hints.
 *
 * Every hint is sent explicitly: MCP's defaults (`destructiveHint` and `openWorldHint` true)
 * are the opposite of Quiver's, so leaving a hint out would make a read-only tool look risky.
 */
export function toMcpTool(tool: ToolDefinition): Tool {
  const a = tool.annotations;
  return {
    name: tool.name,
    ...(a.title ? { title: a.title } : {}),
    description: tool.description,
    inputSchema: { ...tool.inputSchema, type: 'object' },
    annotations: {
      ...(a.title ? { title: a.title } : {}),
      readOnlyHint: a.readOnly ?? false,
      destructiveHint: a.destructive ?? false,
      idempotentHint: a.idempotent ?? false,
      openWorldHint: a.openWorld ?? false,
    },
  };
}

/**
 * The tools offered to an MCP client: every enabled, non-hidden tool, with its plugin
 * imported. A plugin that fails to import is reported through `onError` and left out, so
 * one broken plugin does not take every other tool down with it.
 */
export async function listOfferedTools(registry: Registry, onError: (tool: ToolInfo, error: unknown) => void): Promise<ToolDefinition[]> {
  const failed = new Set<string>();
  for (const info of registry.list()) {
    try {
      await registry.get(info.name);
    } catch (e) {
      failed.add(info.name);
      onError(info, e);
    }
  }
  // Listed again now that the plugins are imported: tools their definition hides drop out.
  const tools: ToolDefinition[] = [];
  for (const info of registry.list()) {
    if (failed.has(info.name)) continue;
    const tool = await registry.get(info.name);
    if (tool) tools.push(tool);
  }
  return tools;
}

/**
 * True when a tool exists but is hidden (callable by other tools only): MCP clients are the
 * model's side, so they may not call it either.
 */
export function isHiddenTool(registry: Registry, name: string): boolean {
  const visible = registry.list().some((t) => t.name === name);
  return !visible && registry.list({ includeHidden: true }).some((t) => t.name === name);
}
