import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { QuiverMcpServer } from './create-mcp-server.js';
import { isAuthorized } from './mcp-token.js';

/** The one path the HTTP server answers on. */
export const MCP_HTTP_PATH = '/mcp';

/** The only interface `quiver mcp --http` listens on: remote use goes through a tunnel. */
export const MCP_HTTP_HOST = '127.0.0.1';

/** The largest request body accepted (tool arguments may carry whole files). */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** Options of {@link serveMcpHttp}. */
export interface McpHttpOptions {
  /** The port; 0 picks a free one. */
  port: number;
  /** The bearer token every request must carry. */
  token: string;
  /** A new MCP server for each session. */
  createSession(): QuiverMcpServer;
  log(line: string): void;
}

/** A running HTTP endpoint. */
export interface McpHttpServer {
  /** The endpoint, e.g. `http://127.0.0.1:7077/mcp`. */
  readonly url: string;
  readonly port: number;
  /** Close every session, then the listener. */
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  mcp: QuiverMcpServer;
}

/**
 * Serve MCP over Streamable HTTP on 127.0.0.1. Every request needs `Authorization: Bearer
 * <token>` (401 otherwise, before anything else is read). Each `initialize` starts a session
 * with its own MCP server and runtime, found again by the `Mcp-Session-Id` header.
 */
export async function serveMcpHttp(options: McpHttpOptions): Promise<McpHttpServer> {
  const sessions = new Map<string, Session>();
  const http = createServer((req, res) => {
    handle(options, sessions, req, res).catch((e: unknown) => {
      options.log(`HTTP request failed: ${e instanceof Error ? e.message : String(e)}`);
      if (!res.headersSent) sendError(res, 500, -32603, 'Internal error.');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, MCP_HTTP_HOST, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://${MCP_HTTP_HOST}:${port}${MCP_HTTP_PATH}`,
    port,
    close: () => closeAll(http, sessions),
  };
}

/** One request: the path, then the token, then the session (or a new one for `initialize`). */
async function handle(options: McpHttpOptions, sessions: Map<string, Session>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path !== MCP_HTTP_PATH) return sendError(res, 404, -32000, `Not found: the MCP endpoint is ${MCP_HTTP_PATH}.`);
  if (!isAuthorized(req.headers.authorization, options.token)) {
    res.setHeader('WWW-Authenticate', 'Bearer realm="quiver"');
    return sendError(res, 401, -32001, 'Unauthorized: send "Authorization: Bearer <token>" with the token quiver mcp printed (or QUIVER_MCP_TOKEN).');
  }
  const sessionId = req.headers['mcp-session-id'];
  if (typeof sessionId === 'string') {
    const session = sessions.get(sessionId);
    if (!session) return sendError(res, 404, -32001, 'Session not found: it ended or the server restarted. Initialize a new session.');
    return session.transport.handleRequest(req, res);
  }
  const noSession = 'Bad request: no Mcp-Session-Id header. Start a session with an initialize request.';
  if (req.method !== 'POST') return sendError(res, 400, -32000, noSession);
  const body = await readJson(req, res);
  if (body === undefined) return;
  if (!isInitializeRequest(body)) return sendError(res, 400, -32000, noSession);
  await startSession(options, sessions, req, res, body);
}

/** A new session: its own MCP server and transport, dropped when the transport closes. */
async function startSession(options: McpHttpOptions, sessions: Map<string, Session>, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
  const mcp = options.createSession();
  let closed = false;
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => void sessions.set(id, { transport, mcp }),
  });
  transport.onclose = () => {
    // server.close() closes the transport, which calls this again: once is enough.
    if (closed) return;
    closed = true;
    if (transport.sessionId) sessions.delete(transport.sessionId);
    void mcp.close();
  };
  await mcp.server.connect(transport);
  await transport.handleRequest(req, res, body);
}

async function closeAll(http: HttpServer, sessions: Map<string, Session>): Promise<void> {
  await Promise.all([...sessions.values()].map((s) => s.mcp.close().catch(() => undefined)));
  sessions.clear();
  const done = new Promise<void>((resolve) => http.close(() => resolve()));
  // Open SSE streams would keep close() waiting forever.
  http.closeAllConnections();
  await done;
}

/** The request body as JSON; answers 413 or 400 itself and returns undefined on failure. */
async function readJson(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Drained to the end even when too big: leaving the loop early would destroy the socket
  // before the 413 could be sent. Only a client holding the token gets this far.
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  if (size > MAX_BODY_BYTES) {
    sendError(res, 413, -32000, `Request body over ${MAX_BODY_BYTES} bytes.`);
    return undefined;
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    sendError(res, 400, -32700, 'Parse error: the body is not valid JSON.');
    return undefined;
  }
}

function sendError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
