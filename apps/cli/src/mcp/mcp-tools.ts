import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { offeredTools, whyNotOffered, type HostCapabilities, type OfferContext, type QuiverConfig, type Registry, type ToolDescriptor, type ToolInfo } from '@quiver/core';

/**
 * A Quiver tool as MCP `tools/list` shows it: its name, description, the JSON Schema of its
 * parameters, and its annotations as MCP hints.
 *
 * Every hint is sent explicitly: MCP's defaults (`destructiveHint` and `openWorldHint` true)
 * are the opposite of Quiver's, so leaving a hint out would make a read-only tool look risky.
 */
export function toMcpTool(tool: Pick<ToolDescriptor, 'name' | 'description' | 'inputSchema' | 'annotations'>): Tool {
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
 * What the MCP host has, for tools that require it: a model when the config names one, MCP
 * servers when at least one configured server is not disabled, and a browser (the host runs
 * on the user's machine and launches headless Chromium itself; browser_action says how to
 * install it when it is missing).
 */
export function mcpCapabilities(config: Pick<QuiverConfig, 'model' | 'mcpServers'>): HostCapabilities {
  return {
    model: config.model !== undefined,
    mcpServers: Object.values(config.mcpServers ?? {}).some((s) => s.disabled !== true),
    browser: true,
  };
}

/** Where the MCP host offers tools: the `mcp` surface with what the config gives it. */
export function mcpOfferContext(config: QuiverConfig): OfferContext {
  return { surface: 'mcp', has: mcpCapabilities(config) };
}

/**
 * The tools offered to an MCP client: the enabled, non-hidden tools the `mcp` surface offers
 * (no agent-loop tools unless the config enables them, none whose requirement is missing),
 * as data. Tools are filtered on manifest data first, and described from the plugins'
 * generated descriptors (every first-party plugin has them), so no plugin is imported before
 * its first call; only a plugin without descriptors is imported here. A tool whose
 * descriptors (or module) cannot be read is reported through `onError` and left out, so one
 * broken plugin does not take every other tool down.
 */
export async function listOfferedTools(
  registry: Registry,
  config: QuiverConfig,
  onError: (tool: ToolInfo, error: unknown) => void,
): Promise<ToolDescriptor[]> {
  const context = mcpOfferContext(config);
  const tools: ToolDescriptor[] = [];
  for (const info of offeredTools(registry.list(), context, config.tools)) {
    let tool: ToolDescriptor | undefined;
    try {
      tool = await registry.describe(info.name);
    } catch (e) {
      onError(info, e);
      continue;
    }
    // Checked again on the descriptor (or definition): it is the truth when a manifest left a flag out.
    if (tool && whyNotOffered(tool, context, Object.hasOwn(config.tools ?? {}, tool.name) ? config.tools![tool.name] : undefined) === undefined) tools.push(tool);
  }
  return tools;
}

/**
 * Why an MCP client may not call `name`, or undefined when it may: a tool the `mcp` surface
 * does not offer (hidden, an agent-loop tool, a missing requirement) is not the client's to
 * call, even though other tools may call it. Imports the tool's plugin first, so flags only
 * its definition declares count.
 */
export async function notCallableOverMcp(registry: Registry, config: QuiverConfig, name: string): Promise<string | undefined> {
  const tool = await registry.get(name).catch(() => undefined);
  const info = registry.list({ includeHidden: true }).find((t) => t.name === name);
  if (!info) return undefined; // unknown or disabled: the executor answers with its own error
  const settings = Object.hasOwn(config.tools ?? {}, name) ? config.tools![name] : undefined;
  return whyNotOffered(tool ?? info, mcpOfferContext(config), settings);
}
