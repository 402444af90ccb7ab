/**
 * One live connection to an MCP server: the SDK client over stdio, Streamable HTTP or SSE.
 * A URL without a declared type tries Streamable HTTP first and falls back to SSE, the way
 * current clients probe older servers.
 */
import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Notification } from '@modelcontextprotocol/sdk/types.js';
import { ERROR_CODES, quiverError } from '@quiver/core';
import type { ResolvedServer } from './server-config.js';
import { MCP_ERRORS } from './mcp-errors.js';

/** How much of a stdio server's stderr is kept for error messages. */
const STDERR_TAIL_CHARS = 4000;

/** Who this client says it is in `initialize`. */
export interface ClientIdentity {
  name: string;
  version: string;
}

/** What a connection reports back to its hub. */
export interface ConnectionEvents {
  /** The transport closed (the process exited, the server hung up). */
  onClose(): void;
  /** A server notification (logging messages, list changes...). */
  onNotification(notification: Notification): void;
}

/** A connected client. */
export interface McpConnection {
  readonly client: Client;
  /** The transport that worked: `stdio`, `streamableHttp` or `sse`. */
  readonly transport: 'stdio' | 'streamableHttp' | 'sse';
  /** The last few KB of a stdio server's stderr. */
  stderrTail(): string;
  close(): Promise<void>;
}

/**
 * Connect to a server, finishing the `initialize` handshake within the server's timeout.
 * Throws `QUIVER_ERR_MCP_CONNECT_FAILED` (with the stderr tail) or `QUIVER_ERR_TOOL_TIMEOUT`.
 */
export async function openConnection(
  server: ResolvedServer,
  identity: ClientIdentity,
  events: ConnectionEvents,
  signal?: AbortSignal,
): Promise<McpConnection> {
  if (server.transport === 'stdio') return attempt(server, identity, events, 'stdio', signal);
  if (server.transport !== 'auto') return attempt(server, identity, events, server.transport, signal);
  try {
    return await attempt(server, identity, events, 'streamableHttp', signal);
  } catch (first) {
    // An abort, or a server that wants credentials, is not a reason to try the older transport.
    if (signal?.aborted || /requires authentication/.test(messageOf(first))) throw first;
    try {
      return await attempt(server, identity, events, 'sse', signal);
    } catch (second) {
      throw connectFailed(server, `Streamable HTTP failed (${messageOf(first)}), then SSE failed (${messageOf(second)})`, '');
    }
  }
}

async function attempt(
  server: ResolvedServer,
  identity: ClientIdentity,
  events: ConnectionEvents,
  kind: McpConnection['transport'],
  signal?: AbortSignal,
): Promise<McpConnection> {
  let stderr = '';
  const transport = makeTransport(server, kind, (chunk) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
  });
  const client = new Client(identity, { capabilities: {} });
  client.fallbackNotificationHandler = async (notification) => events.onNotification(notification);
  let open = false;
  try {
    await client.connect(transport, { timeout: server.timeoutMs, signal });
    open = true;
  } catch (e) {
    await client.close().catch(() => {});
    if (isTimeout(e)) {
      throw quiverError(
        ERROR_CODES.TOOL_TIMEOUT,
        `MCP server '${server.name}' did not finish connecting within ${server.timeoutMs / 1000} s (its timeout). Check that the server starts, or raise its "timeout" in mcpServers.`,
      );
    }
    throw connectFailed(server, authHint(e) ?? messageOf(e), stderr);
  }
  // Set after connect: the SDK's own close handler runs first, and an early failure is
  // reported above rather than as a close.
  client.onclose = () => open && events.onClose();
  return {
    client,
    transport: kind,
    stderrTail: () => stderr,
    async close() {
      open = false;
      await client.close().catch(() => {});
    },
  };
}

function makeTransport(server: ResolvedServer, kind: McpConnection['transport'], onStderr: (chunk: string) => void): Transport {
  if (kind === 'stdio') {
    const transport = new StdioClientTransport({
      command: server.command!,
      args: [...server.args],
      env: { ...getDefaultEnvironment(), ...server.env },
      cwd: server.cwd,
      stderr: 'pipe',
    });
    (transport.stderr as Readable | null)?.on('data', (chunk: Buffer) => onStderr(chunk.toString('utf8')));
    return transport;
  }
  const requestInit: RequestInit = { headers: { ...server.headers } };
  return kind === 'sse'
    ? new SSEClientTransport(server.url!, { requestInit })
    : new StreamableHTTPClientTransport(server.url!, { requestInit });
}

/** True for the SDK's request time-out (McpError code -32001). */
export function isTimeout(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === -32001;
}

function connectFailed(server: ResolvedServer, message: string, stderr: string) {
  const where = server.transport === 'stdio' ? `command '${[server.command, ...server.args].join(' ')}'` : `URL ${server.url?.href}`;
  const tail = stderr.trim() ? `\nServer stderr (last lines):\n${stderr.trim().split('\n').slice(-10).join('\n')}` : '';
  return quiverError(
    MCP_ERRORS.MCP_CONNECT_FAILED,
    `Could not connect to MCP server '${server.name}' (${where}): ${message}. Check the server's entry in mcpServers, or ask the user to fix it.${tail}`,
    { key: `mcpServers.${server.name}` },
  );
}

/** The baseline's words for a server that wants OAuth (Quiver does not run the OAuth flow). */
function authHint(e: unknown): string | undefined {
  // The HTTP transports' errors carry the status as `code`.
  const unauthorized =
    (e as { code?: unknown })?.code === 401 ||
    (e as { name?: unknown })?.name === 'UnauthorizedError' ||
    /\b401\b|unauthorized/i.test(messageOf(e));
  return unauthorized
    ? `This MCP server requires authentication to get started (${messageOf(e)}); give a token in its "headers", e.g. "Authorization": "Bearer \${env:TOKEN}"`
    : undefined;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
