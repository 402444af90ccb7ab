import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { ListToolsRequestSchema, RootsListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ERROR_CODES, isQuiverError, responses, type HostUi } from '@quiver/core';
import type { TaskOffer } from '@quiver/core/host';
import type { Runtime } from '@quiver/runtime';
import { methodNotFound, toolCallParams } from './call-tool-request.js';
import { tuneTieringForMcp } from './mcp-tiering.js';
import type { ApprovalPolicy } from './mcp-approval.js';
import { errorCallResult, toCallToolResult } from './mcp-call-result.js';
import { createMcpHostUi, type McpRequestExtra } from './mcp-host-ui.js';
import type { ClientRoot } from './mcp-roots.js';
import { createMcpSession, type McpSession } from './mcp-session.js';
import { downstreamCall, downstreamTarget, listDownstreamTools } from './downstream-tools.js';
import { briefDescriptions, listOfferedTools, mcpCapabilities, mcpOfferContext, notCallableOverMcp, toMcpTool } from './mcp-tools.js';

/** The version the server reports in `initialize`. */
export const MCP_SERVER_VERSION = '0.1.0';

/** How long the server waits for the client's `roots/list` answer. */
const ROOTS_TIMEOUT_MS = 30_000;

let ajv: AjvJsonSchemaValidator | undefined;

/**
 * The JSON Schema validator of elicitation answers (approvals), made on the first one and
 * shared by every session: the SDK's default builds an Ajv instance per `Server`, compiling its
 * meta-schemas at start-up and again for each HTTP session, though most sessions never elicit.
 */
const lazyAjv: jsonSchemaValidator = {
  getValidator: (schema) => (ajv ??= new AjvJsonSchemaValidator()).getValidator(schema),
};

/** Options of {@link createMcpServer}. */
export interface McpServerOptions {
  /**
   * Build the session's runtime. `roots` (from the client's MCP roots) replace the config's
   * workspace roots when given; `ui` is the session-wide UI the runtime's host gets.
   */
  openRuntime(roots: ClientRoot[] | undefined, ui: HostUi): Promise<Runtime>;
  /** Approvals when the client cannot elicit. @default 'deny' */
  policy?: ApprovalPolicy;
  /** Print the tools' `say()` messages to stderr. */
  verbose?: boolean;
  /** Diagnostics (never stdout). @default a line on stderr */
  log?(line: string): void;
  /** Accept client roots that are `/`, the home folder or a system folder (`mcp.allowBroadRoots`). @default false */
  allowBroadRoots?: boolean;
}

/** One MCP session: a low-level SDK `Server` serving the runtime's tools. */
export interface QuiverMcpServer {
  readonly server: Server;
  /** Build the runtime now, so config errors surface before a client connects. */
  open(): Promise<void>;
  close(): Promise<void>;
}

/**
 * An MCP server for one session (connect it to one transport). `tools/list` imports the
 * plugins and serves each tool's JSON Schema and hints; `tools/call` runs the call through the
 * whole pipeline in a task of its own, so concurrent calls are independent and a denial does
 * not block later ones. The request's abort signal cancels the task (killing a running
 * command's process tree). Roots the client sends become the workspace roots.
 * @example
 * const mcp = createMcpServer({ openRuntime: (roots, ui) => createRuntime({ cwd, ui, roots }) });
 * await mcp.server.connect(new StdioServerTransport());
 */
export function createMcpServer(options: McpServerOptions): QuiverMcpServer {
  const log = options.log ?? ((line: string) => process.stderr.write(`quiver mcp: ${line}\n`));
  const server = new Server(
    { name: 'quiver', version: MCP_SERVER_VERSION },
    {
      capabilities: { tools: {}, logging: {} },
      instructions: 'Quiver: coding tools (read, search, list, edit files, run commands) over this workspace, gated by its config.',
      jsonSchemaValidator: lazyAjv,
    },
  );
  const ctx: McpServerContext = { server, policy: options.policy ?? 'deny', verbose: options.verbose, log };
  const sessionUi = createMcpHostUi(ctx);
  const session = createMcpSession({
    open: (roots) => options.openRuntime(roots, sessionUi),
    listRoots: async (extra) =>
      (await server.listRoots(undefined, { relatedRequestId: extra?.requestId, timeout: ROOTS_TIMEOUT_MS })).roots,
    log,
    // To the client's log too: the user should learn why their root was not used.
    warn: (line) => {
      log(line);
      server.sendLoggingMessage({ level: 'warning', logger: 'quiver', data: line }).catch(() => undefined);
    },
    allowBroadRoots: options.allowBroadRoots,
  });
  registerHandlers(ctx, session);
  return {
    server,
    open: () => session.use(undefined, async () => undefined),
    async close() {
      await server.close();
      await session.dispose();
    },
  };
}

/** The MCP server state every call's UI is built from (not core's internal per-call context). */
interface McpServerContext {
  server: Server;
  policy: ApprovalPolicy;
  verbose?: boolean;
  log(line: string): void;
}

/** tools/list, tools/call, and the roots notifications. */
function registerHandlers(ctx: McpServerContext, session: McpSession): void {
  const { server, log } = ctx;
  server.setRequestHandler(ListToolsRequestSchema, (_request, extra) =>
    session.use(extra, async (runtime) => {
      const tools = await listOfferedTools(runtime.host.registry, runtime.config, (info, e) =>
        log(
          `plugin ${info.package} could not describe its tools, so ${info.name} is not offered: ${e instanceof Error ? e.message : String(e)}`,
        ),
      );
      // The configured servers' tools, as `<server>__<tool>`, when use_mcp_tool is offered here.
      const downstream = tools.some((t) => t.name === 'use_mcp_tool') ? await listDownstreamTools(runtime, log) : [];
      const own = new Set(tools.map((t) => t.name));
      const briefs = briefDescriptions(runtime.host.registry);
      return { tools: [...tools.map((t) => toMcpTool(t, briefs.get(t.name))), ...downstream.filter((t) => !own.has(t.name))] };
    }),
  );
  // tools/call is the SDK's fallback handler, not a registered one: `Server.setRequestHandler`
  // wraps a tools/call handler in two zod parses per call (the request again, after the
  // transport's check, and the result Quiver builds itself, whose shape toCallToolResult
  // fixes): ~13 + ~14 us per call averaged over a session's first 1,000 calls. A task-augmented call
  // is still refused by the SDK (no task capability) before any handler runs.
  let calls = 0;
  server.fallbackRequestHandler = async (request, extra) => {
    if (request.method !== 'tools/call') throw methodNotFound();
    // A JIT tuning only: whatever it meets, the call goes on.
    if (++calls === 2) tuneTieringForMcp().catch(() => undefined);
    const { name, args } = toolCallParams(request);
    try {
      return await session.use(extra, (runtime) => runCall(ctx, runtime, name, args, extra));
    } catch (e) {
      // A runtime that cannot be built (a config error) is told to the client's model.
      const message = e instanceof Error ? e.message : String(e);
      return errorCallResult(`Quiver could not run ${name}: ${message}`, isQuiverError(e) ? e.code : ERROR_CODES.TOOL_FAILED);
    }
  };
  server.oninitialized = () => {
    if (server.getClientCapabilities()?.roots) session.rootsChanged();
  };
  server.setNotificationHandler(RootsListChangedNotificationSchema, async () => session.rootsChanged());
}

/**
 * One call, in a task of its own: the request's signal cancels it, its UI reports progress
 * and elicits approval on this request, and nothing it leaves behind touches other calls.
 */
async function runCall(
  ctx: McpServerContext,
  runtime: Runtime,
  name: string,
  args: Record<string, unknown>,
  extra: McpRequestExtra,
): Promise<CallToolResult> {
  // A re-exported downstream tool runs as use_mcp_tool, so it is approved per downstream tool.
  // Without downstream servers there is nothing to look up (and no list of names to build per call).
  const target =
    !mcpCapabilities(runtime.config).mcpServers || runtime.host.registry.names().includes(name)
      ? undefined
      : await downstreamTarget(runtime, name);
  if (target && !(await notCallableOverMcp(runtime.host.registry, runtime.config, 'use_mcp_tool'))) {
    const call = downstreamCall(target, args);
    return runTask(ctx, runtime, call.name, call.params, extra);
  }
  return runTask(ctx, runtime, name, args, extra);
}

/** The offer of every call over one config, made once (a config is never changed in place). */
const offers = new WeakMap<Runtime['config'], TaskOffer>();

/** Where a client's model calls are offered: the `mcp` surface; an unknown tool is refused naming the offered ones. */
function mcpOffer(config: Runtime['config']): TaskOffer {
  let offer = offers.get(config);
  if (!offer) {
    offer = Object.freeze({
      ...mcpOfferContext(config),
      refusal: (tool: string, offered: readonly string[]) => responses.unknownTool(tool, [...offered]),
    });
    offers.set(config, offer);
  }
  return offer;
}

/** Run one call in a task of its own, with this request's UI and signal. */
async function runTask(
  ctx: McpServerContext,
  runtime: Runtime,
  name: string,
  args: Record<string, unknown>,
  extra: McpRequestExtra,
): Promise<CallToolResult> {
  const task = runtime.createTask({ signal: extra.signal, ui: createMcpHostUi({ ...ctx, extra }), offer: mcpOffer(runtime.config) });
  try {
    // The client's model calls: a tool the `mcp` surface does not offer (hidden, agent-loop,
    // missing requirement) is unknown to it; the executor checks that.
    return toCallToolResult(await task.call(name, args, { from: 'model' }));
  } finally {
    await task.dispose();
  }
}
