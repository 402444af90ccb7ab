import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  RootsListChangedNotificationSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { ERROR_CODES, isQuiverError, responses, type HostUi } from '@quiver/core';
import type { Runtime } from '@quiver/runtime';
import type { ApprovalPolicy } from './mcp-approval.js';
import { errorCallResult, toCallToolResult } from './mcp-call-result.js';
import { createMcpHostUi, type McpRequestExtra } from './mcp-host-ui.js';
import type { ClientRoot } from './mcp-roots.js';
import { createMcpSession, type McpSession } from './mcp-session.js';
import { isHiddenTool, listOfferedTools, toMcpTool } from './mcp-tools.js';

/** The version the server reports in `initialize`. */
export const MCP_SERVER_VERSION = '0.1.0';

/** How long the server waits for the client's `roots/list` answer. */
const ROOTS_TIMEOUT_MS = 30_000;

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
  const policy = options.policy ?? 'deny';
  const server = new Server(
    { name: 'quiver', version: MCP_SERVER_VERSION },
    {
      capabilities: { tools: {}, logging: {} },
      instructions: 'Quiver: coding tools (read, search, list, edit files, run commands) over this workspace, gated by its config.',
    },
  );
  const sessionUi = createMcpHostUi({ server, policy, verbose: options.verbose, log });
  const session = createMcpSession({
    open: (roots) => options.openRuntime(roots, sessionUi),
    listRoots: async (extra) => (await server.listRoots(undefined, { relatedRequestId: extra?.requestId, timeout: ROOTS_TIMEOUT_MS })).roots,
    log,
  });

  server.setRequestHandler(ListToolsRequestSchema, (_request, extra) =>
    session.use(extra, async (runtime) => {
      const tools = await listOfferedTools(runtime.host.registry, (info, e) =>
        log(`plugin ${info.package} failed to load, so ${info.name} is not offered: ${e instanceof Error ? e.message : String(e)}`),
      );
      return { tools: tools.map(toMcpTool) };
    }),
  );
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const { name, arguments: args = {} } = request.params;
    return callTool(session, name, extra, (runtime) => runCall(runtime, name, args, extra));
  });
  server.oninitialized = () => {
    if (server.getClientCapabilities()?.roots) session.rootsChanged();
  };
  server.setNotificationHandler(RootsListChangedNotificationSchema, async () => session.rootsChanged());

  async function runCall(runtime: Runtime, name: string, args: Record<string, unknown>, extra: McpRequestExtra): Promise<CallToolResult> {
    // Import the tool's plugin first, so a tool its definition hides is known as hidden.
    await runtime.host.registry.get(name).catch(() => undefined);
    if (isHiddenTool(runtime.host.registry, name)) {
      return errorCallResult(responses.unknownTool(name, runtime.tools().map((t) => t.name)), ERROR_CODES.TOOL_UNKNOWN);
    }
    const ui = createMcpHostUi({ server, policy, verbose: options.verbose, log, extra });
    const task = runtime.createTask({ signal: extra.signal, ui });
    try {
      return toCallToolResult(await task.call(name, args));
    } finally {
      await task.dispose();
    }
  }

  return {
    server,
    open: () => session.use(undefined, async () => undefined),
    async close() {
      await server.close();
      await session.dispose();
    },
  };
}

/**
 * Run a call on the session's runtime. A runtime that cannot be built (a config error) is
 * reported as an error result, so the client's model can read why.
 */
async function callTool(
  session: McpSession,
  name: string,
  extra: McpRequestExtra,
  run: (runtime: Runtime) => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await session.use(extra, run);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return errorCallResult(`Quiver could not run ${name}: ${message}`, isQuiverError(e) ? e.code : ERROR_CODES.TOOL_FAILED);
  }
}
