import type { SandboxPlan } from '../services/sandbox.js';
import { z } from 'zod';
import { quiverError, ERROR_CODES } from '../errors.js';
import type { HostUi } from '../host/host-ui.js';
import type { PathAccess } from '../services/ignore.js';
import type { TaskConfig } from './task-config.js';
import type { ToolResponse } from './tool-result.js';

/** The manifest/plugin API version this core speaks. */
export const API_VERSION = 1;

/** Model-visible tool names (SPEC Part A): 1–64 of `[a-zA-Z0-9_-]`. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** One tool call as the model wrote it. Partial blocks are still being streamed. */
export interface ToolBlock {
  readonly name: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly partial: boolean;
  /** The model's tool-use id, when it gave one. */
  readonly id?: string;
}

/** Hints about a tool's behaviour, mapped to MCP tool annotations. */
export interface ToolAnnotations {
  title?: string;
  /** Reads only; changes nothing. @default false */
  readOnly?: boolean;
  /** May destroy or overwrite data. @default false */
  destructive?: boolean;
  /** Calling twice with the same input does nothing more. @default false */
  idempotent?: boolean;
  /** Reaches beyond the workspace (network, other processes). @default false */
  openWorld?: boolean;
}

/**
 * The approval category of a tool, which picks its auto-approve settings (SPEC Part B §9):
 * `read` → readFiles/readFilesExternally, `edit` → editFiles/editFilesExternally, `command`
 * → executeSafeCommands/executeAllCommands, `browser` → useBrowser, `mcp` → useMcp,
 * `always` asks every time (unless yolo), `none` never asks.
 */
export type ApprovalCategory = 'read' | 'edit' | 'command' | 'browser' | 'mcp' | 'always' | 'none';

/**
 * Something a host must have for a tool to be offered there (see {@link offeredTools}):
 * `model` — a configured model provider (the tool runs model turns, as a subagent tool does);
 * `mcpServers` — at least one configured MCP server (the MCP client tools);
 * `browser` — a browser the host can drive (a browser tool).
 */
export type ToolRequirement = 'model' | 'mcpServers' | 'browser';

/** How a tool is approved. */
export interface ToolApproval<P> {
  category: ApprovalCategory;
  /**
   * Return a reason when this call needs the second level (external paths, or "all commands")
   * whatever its path says — e.g. a command the model or the classifier marks as risky. For the
   * `always` category (no levels) it is the reason the prompt gives for asking.
   */
  escalate?(config: TaskConfig, params: P): Promise<string | undefined> | string | undefined;
  /**
   * Return true to approve this call without asking, whatever the category's setting says —
   * e.g. an MCP tool listed in its server's `autoApprove` (SPEC Part B §16.16). Consulted only
   * when the settings would ask; it never turns an automatic approval into a prompt.
   */
  autoApprove?(config: TaskConfig, params: P): Promise<boolean> | boolean;
  /**
   * Where this call will run, for a tool that starts programs through the `core.sandbox`
   * service: inside the OS sandbox (`approval.executeSandboxedCommands` may approve it) or on
   * the host because it escapes (excluded, or asked for), which always asks.
   */
  sandbox?(config: TaskConfig, params: P): Promise<SandboxPlan | undefined> | SandboxPlan | undefined;
}

/** The UI a partial-block handler may use: the host ports plus the task's config. */
export interface PartialBlockUi extends HostUi {
  readonly config: TaskConfig;
}

/** Everything `defineTool` takes. */
export interface ToolSpec<S extends z.ZodObject, O = Readonly<Record<string, unknown>>> {
  /** The model-visible name; must match {@link TOOL_NAME_PATTERN}. */
  name: string;
  /** What the model reads about the tool. */
  description: string;
  /** Parameters, declared once; the JSON Schema the model sees is generated from this. */
  params: S;
  annotations?: ToolAnnotations;
  /** Approval category, or a full spec. @default 'always' */
  approval?: ApprovalCategory | ToolApproval<z.infer<S>>;
  /** Parameters holding paths, and how the tool touches them; the path gates check these. */
  paths?: Partial<Record<keyof z.infer<S> & string, PathAccess>>;
  /** The parameter holding a shell command; the permission and ignore screens check it. */
  command?: keyof z.infer<S> & string;
  /** Required parameters for which an empty string is a valid value (a file writer's `content`). */
  allowEmpty?: (keyof z.infer<S> & string)[];
  /** Count an ignore-rule denial as a mistake (a directory lister does, a file reader does not). @default false */
  ignoredCountsAsMistake?: boolean;
  /** Hidden tools are callable by other tools but not offered to the model. @default false */
  hidden?: boolean;
  /**
   * An agent-loop tool: it talks to the loop that runs the model (completion, plan/act mode,
   * a new task, condensing, ...), so it is offered only where the host runs that loop, never to an
   * MCP client (which runs its own), unless the config sets `tools.<name>.enabled: true`.
   */
  loop?: true;
  /** What the host must have for the tool to be offered (a model, MCP servers, a browser). @default [] */
  requires?: ToolRequirement[];
  /** One line for results and logs, e.g. `[my_tool for 'a.ts']`. */
  describe?(params: Partial<z.infer<S>>): string;
  /**
   * The plugin's options schema, for typing only: `config.options` is then its parsed value.
   * Pass the same schema to `definePlugin({ options })`, which parses it.
   */
  options?: z.ZodType<O>;
  /** Do the work. Return failures as error results or throw; the executor turns throws into error results. */
  execute(config: TaskConfig<O>, params: z.infer<S>): Promise<ToolResponse>;
  /** Stream UI while the model is still writing the block. Never writes, never returns a result. */
  handlePartialBlock?(block: ToolBlock, ui: PartialBlockUi): Promise<void>;
}

/** A handler: the contract the executor runs (SPEC Part B §2). */
export interface ToolHandler {
  readonly name: string;
  execute(config: TaskConfig, block: ToolBlock): Promise<ToolResponse>;
  getDescription(block: ToolBlock): string;
  handlePartialBlock?(block: ToolBlock, ui: PartialBlockUi): Promise<void>;
}

/** A declared tool: a frozen, branded handler plus everything the gates and hosts need. */
export interface ToolDefinition<S extends z.ZodObject = z.ZodObject> extends ToolHandler {
  readonly $$type: 'quiver.tool';
  readonly apiVersion: typeof API_VERSION;
  readonly description: string;
  readonly params: S;
  /** JSON Schema of the parameters (draft 2020-12), generated from `params`. */
  readonly inputSchema: Record<string, unknown>;
  readonly annotations: Readonly<ToolAnnotations>;
  readonly approval: Readonly<ToolApproval<z.infer<S>>>;
  readonly paths: Readonly<Record<string, PathAccess>>;
  readonly command?: string;
  readonly required: readonly string[];
  readonly allowEmpty: readonly string[];
  readonly ignoredCountsAsMistake: boolean;
  readonly hidden: boolean;
  /** An agent-loop tool (see {@link ToolSpec.loop}). */
  readonly loop: boolean;
  /** What the host must have for the tool to be offered. */
  readonly requires: readonly ToolRequirement[];
  /** "Fully managed": it both executes and streams partial blocks. */
  readonly fullyManaged: boolean;
}

/** True for a value made by {@link defineTool}, whichever copy of core made it. */
export function isToolDefinition(value: unknown): value is ToolDefinition {
  return typeof value === 'object' && value !== null && (value as { $$type?: unknown }).$$type === 'quiver.tool';
}

/**
 * Declare a tool.
 * @example
 * export const echo = defineTool({
 *   name: 'echo',
 *   description: 'Repeat the text.',
 *   params: z.object({ text: z.string() }),
 *   approval: 'none',
 *   annotations: { readOnly: true, idempotent: true },
 *   async execute(_config, { text }) { return text; },
 * });
 */
export function defineTool<S extends z.ZodObject, O = Readonly<Record<string, unknown>>>(spec: ToolSpec<S, O>): ToolDefinition<S> {
  if (!TOOL_NAME_PATTERN.test(spec.name)) {
    throw quiverError(
      ERROR_CODES.TOOL_NAME_INVALID,
      `Tool name '${spec.name}' is invalid: names must match ^[a-zA-Z0-9_-]{1,64}$. Rename the tool.`,
      { tool: spec.name },
    );
  }
  const approval: ToolApproval<z.infer<S>> =
    typeof spec.approval === 'string' || spec.approval === undefined ? { category: spec.approval ?? 'always' } : spec.approval;
  const shape = spec.params.shape as Record<string, z.ZodType>;
  const required = Object.keys(shape).filter((k) => !shape[k].safeParse(undefined).success);
  // Built on first read: a host lists tools from their manifests' descriptors, so a call
  // (`quiver exec`, an MCP tools/call) never needs it; it was ~5% of a one-call start-up.
  let inputSchema: Record<string, unknown> | undefined;
  const jsonSchema = (): Record<string, unknown> => {
    if (inputSchema) return inputSchema;
    const built = z.toJSONSchema(spec.params, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete built.$schema;
    return (inputSchema = built);
  };

  const name = spec.name;
  const def: ToolDefinition<S> = {
    $$type: 'quiver.tool',
    apiVersion: API_VERSION,
    name,
    description: spec.description,
    params: spec.params,
    get inputSchema() {
      return jsonSchema();
    },
    annotations: Object.freeze({ ...spec.annotations }),
    approval: Object.freeze(approval),
    paths: Object.freeze({ ...(spec.paths as Record<string, PathAccess>) }),
    command: spec.command,
    required: Object.freeze(required),
    allowEmpty: Object.freeze([...(spec.allowEmpty ?? [])]),
    ignoredCountsAsMistake: spec.ignoredCountsAsMistake ?? false,
    hidden: spec.hidden ?? false,
    loop: spec.loop === true,
    requires: Object.freeze([...new Set(spec.requires ?? [])]),
    fullyManaged: typeof spec.handlePartialBlock === 'function',
    // async: a parse failure is a rejected promise, as the handler contract says, not a sync throw.
    execute: async (config, block) => spec.execute(config as TaskConfig<O>, spec.params.parse(block.params) as z.infer<S>),
    getDescription: (block) =>
      spec.describe ? spec.describe(block.params as Partial<z.infer<S>>) : defaultDescription(name, block.params),
    handlePartialBlock: spec.handlePartialBlock ? (block, ui) => spec.handlePartialBlock!(block, ui) : undefined,
  };
  const frozen = Object.freeze(def);
  executesParsed.set(frozen, (config, params) => spec.execute(config as TaskConfig<O>, params as z.infer<S>));
  return frozen;
}

/**
 * The spec's own `execute` of each tool defined here, which takes parameters already parsed
 * (internal). Keyed by the definition object itself, so a copy or a wrapper (a spread with its
 * own `execute`) is run through its `execute`, never around it.
 */
const executesParsed = new WeakMap<ToolDefinition, (config: TaskConfig, params: unknown) => Promise<ToolResponse>>();

/**
 * The tool's `execute` over parameters the validation gate already parsed with the tool's own
 * schema, or undefined for a definition not made by this `defineTool` (internal): the executor
 * would otherwise run zod twice per call, and transforms twice.
 */
export function executeParsedOf(tool: ToolDefinition): ((config: TaskConfig, params: unknown) => Promise<ToolResponse>) | undefined {
  return executesParsed.get(tool);
}

function defaultDescription(name: string, params: Readonly<Record<string, unknown>>): string {
  const path = params.path;
  return typeof path === 'string' && path ? `[${name} for '${path}']` : `[${name}]`;
}
