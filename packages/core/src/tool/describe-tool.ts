import type { PluginDefinition } from './define-plugin.js';
import type { ToolAnnotations, ToolDefinition } from './define-tool.js';

/**
 * A tool as plain data: everything its definition declares that JSON can carry (name,
 * description, JSON Schema, annotations, approval category, paths, hidden, …), without the
 * zod schema and the functions. Plugin builds write these into the package (see
 * {@link describePlugin}), so hosts list tools without importing plugin code.
 */
export interface ToolDescriptor {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the parameters (draft 2020-12). */
  readonly inputSchema: Record<string, unknown>;
  readonly annotations: Readonly<ToolAnnotations>;
  readonly hidden: boolean;
  /** An agent-loop tool (offered only where the host runs the loop). */
  readonly loop?: boolean;
  /** What a host must have to offer it (model, mcpServers, browser). */
  readonly requires?: readonly string[];
  /** Any other field the tool definition declares (approval category, paths, …). */
  readonly [field: string]: unknown;
}

/** The file a plugin build writes: the manifest's `quiver.descriptors` names it. */
export interface ToolDescriptorsFile {
  /** The plugin package's name. */
  readonly plugin: string;
  readonly apiVersion: number;
  readonly tools: readonly ToolDescriptor[];
}

/** Definition fields that are not data: the brand, the zod schema and the wiring. */
const NOT_DATA = new Set(['$$type', 'params']);

/**
 * Serialise a tool definition generically: every own field except the brand and the zod
 * schema, with functions (and objects' function fields) dropped. A field a later core adds to
 * definitions (`loop`, `requires`, a risk level) flows into the descriptors with no change here.
 * @example
 * const data = describeTool(echoTool); // { name: 'echo', inputSchema: {...}, ... }
 */
export function describeTool(tool: ToolDefinition): ToolDescriptor {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tool)) {
    if (NOT_DATA.has(key)) continue;
    const data = toData(value);
    if (data !== undefined) out[key] = data;
  }
  return out as unknown as ToolDescriptor;
}

/**
 * The descriptors file of a plugin: what `quiver-describe-tools` writes at build time.
 * @example
 * writeFileSync('dist/quiver-tools.json', JSON.stringify(describePlugin(plugin), null, 2));
 */
export function describePlugin(plugin: PluginDefinition): ToolDescriptorsFile {
  return { plugin: plugin.name, apiVersion: plugin.apiVersion, tools: plugin.tools.map(describeTool) };
}

/** The JSON value of `value` with functions (and undefined) left out; undefined when nothing is left. */
function toData(value: unknown): unknown {
  if (typeof value === 'function' || value === undefined) return undefined;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => toData(v) ?? null);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const data = toData(v);
    if (data !== undefined) out[key] = data;
  }
  return out;
}
