import type { ToolRequirement } from './define-tool.js';

/**
 * The kind of host a tool set is offered to. `agent` runs the model loop itself (`quiver run`);
 * `mcp` and `vscode` serve tools to a client that runs its own loop (an MCP client, Copilot);
 * `cli` runs one tool call a human typed (`quiver exec`).
 */
export type HostSurface = 'mcp' | 'agent' | 'cli' | 'vscode';

/** What a host has, for tools that {@link ToolRequirement require} it. Absent means no. */
export type HostCapabilities = Partial<Record<ToolRequirement, boolean>>;

/** Where a tool set is offered: the surface and what the host has. */
export interface OfferContext {
  surface: HostSurface;
  has: HostCapabilities;
}

/** The fields {@link offeredTools} reads: a registry `ToolInfo` or a `ToolDefinition` both fit. */
export interface OfferableTool {
  readonly name: string;
  readonly hidden?: boolean;
  readonly loop?: boolean;
  readonly requires?: readonly string[];
}

/** The config's per-tool switches {@link offeredTools} honours (`tools.<name>`). */
export interface OfferSettings {
  enabled?: boolean;
  hidden?: boolean;
}

/** Surfaces where the host runs the agent loop, so agent-loop tools have someone to talk to. */
const LOOP_SURFACES: ReadonlySet<HostSurface> = new Set(['agent']);

/**
 * Why a tool is not offered in `context`, or undefined when it is. The rules, in order:
 * `tools.<name>.enabled: false` removes it; hidden (the tool's or `tools.<name>.hidden`) keeps
 * it for other tools only; a requirement the host lacks removes it (an unknown requirement
 * counts as lacking: fail safe); an agent-loop tool is offered only on a surface that runs the
 * loop, unless the config says `tools.<name>.enabled: true`.
 * @example
 * whyNotOffered({ name: 'my_loop_tool', loop: true }, { surface: 'mcp', has: {} }); // 'agent-loop tool'
 */
export function whyNotOffered(tool: OfferableTool, context: OfferContext, settings: OfferSettings = {}): string | undefined {
  if (settings.enabled === false) return 'disabled in the config';
  if (settings.hidden ?? tool.hidden) return 'hidden';
  const missing = (tool.requires ?? []).filter((r) => context.has[r as ToolRequirement] !== true);
  if (missing.length) return `needs ${missing.join(', ')}`;
  if (tool.loop && !LOOP_SURFACES.has(context.surface) && settings.enabled !== true) return 'agent-loop tool';
  return undefined;
}

/**
 * The tools a host offers on a surface: the one place the availability rules live (see
 * {@link whyNotOffered}). Order is kept.
 * @param tools - every registered tool (registry `list({ includeHidden: true })` or definitions)
 * @param context - the surface and what the host has
 * @param settings - the config's `tools` section
 * @example
 * const offered = offeredTools(registry.list({ includeHidden: true }), { surface: 'mcp', has: { mcpServers: true } }, config.tools);
 */
export function offeredTools<T extends OfferableTool>(
  tools: readonly T[],
  context: OfferContext,
  settings: Readonly<Record<string, OfferSettings | undefined>> = {},
): T[] {
  return tools.filter((t) => whyNotOffered(t, context, Object.hasOwn(settings, t.name) ? settings[t.name] : undefined) === undefined);
}
