import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import {
  offeredTools,
  whyNotOffered,
  type HostCapabilities,
  type OfferContext,
  type QuiverConfig,
  type Registry,
  type ToolDescriptor,
  type ToolInfo,
} from '@quiver/core/host';
import { mcpServersConfigSection } from '@quiver/mcp-hub/config-section';
import { modelConfigSection } from '@quiver/runtime';

/**
 * A Quiver tool as MCP `tools/list` shows it: its name, a concise description, the JSON Schema
 * of its parameters, and its annotations as MCP hints.
 *
 * The description is `brief` when given — the one line the plugin's manifest lists the tool
 * with — since every client conversation pays for the whole list, and the client brings its
 * own prompt; the parameters' descriptions keep the details. The title is sent once (the
 * top-level `title`, which MCP prefers over `annotations.title`).
 *
 * Every hint is sent explicitly: MCP's defaults (`destructiveHint` and `openWorldHint` true)
 * are the opposite of Quiver's, so leaving a hint out would make a read-only tool look risky.
 */
export function toMcpTool(tool: Pick<ToolDescriptor, 'name' | 'description' | 'inputSchema' | 'annotations'>, brief?: string): Tool {
  const a = tool.annotations;
  return {
    name: tool.name,
    ...(a.title ? { title: a.title } : {}),
    description: brief?.trim() ? sentence(brief.trim()) : tool.description,
    inputSchema: withoutLoopParams(tool.inputSchema),
    annotations: {
      readOnlyHint: a.readOnly ?? false,
      destructiveHint: a.destructive ?? false,
      idempotentHint: a.idempotent ?? false,
      openWorldHint: a.openWorld ?? false,
    },
  };
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The one-line descriptions the registry lists tools with (from manifests), by name. */
export function briefDescriptions(registry: Registry): Map<string, string | undefined> {
  return new Map(registry.list({ includeHidden: true }).map((t) => [t.name, t.description]));
}

/**
 * Parameters only Quiver's own agent loop fills (`task_progress`: its todo list). An MCP
 * client runs its own loop, so they are left out of the schemas it sees; a client that sends
 * one anyway is still accepted.
 */
export const LOOP_PARAMS: readonly string[] = ['task_progress'];

/** The tool's JSON Schema as MCP serves it: an object schema without {@link LOOP_PARAMS}. */
function withoutLoopParams(schema: Readonly<Record<string, unknown>>): Tool['inputSchema'] {
  const properties = { ...((schema.properties as Record<string, unknown> | undefined) ?? {}) };
  for (const p of LOOP_PARAMS) delete properties[p];
  const required = Array.isArray(schema.required) ? (schema.required as string[]).filter((r) => !LOOP_PARAMS.includes(r)) : undefined;
  return { ...schema, type: 'object', properties, ...(required ? { required } : {}) } as Tool['inputSchema'];
}

/**
 * What the MCP host has, for tools that require it: a model when the config names one, MCP
 * servers when at least one configured server is not disabled, and a browser (the host runs
 * on the user's machine and launches headless Chromium itself; browser_action says how to
 * install it when it is missing).
 */
export function mcpCapabilities(config: QuiverConfig): HostCapabilities {
  return {
    model: modelConfigSection.of(config) !== undefined,
    mcpServers: Object.values(mcpServersConfigSection.of(config) ?? {}).some((s) => s.disabled !== true),
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
    if (
      tool &&
      whyNotOffered(tool, context, Object.hasOwn(config.tools ?? {}, tool.name) ? config.tools![tool.name] : undefined) === undefined
    )
      tools.push(tool);
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
