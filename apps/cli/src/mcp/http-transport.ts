import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { QuiverMcpServer } from './create-mcp-server.js';
import { checkHttpRequest } from './http-guard.js';
import { BATCH_REFUSED, DEFAULT_MAX_MESSAGE_BYTES, DEFAULT_SESSION_IDLE_SECONDS, JSONRPC, messageTooLarge } from './mcp-limits.js';
import { isAuthorized } from './mcp-token.js';

/** The one path the HTTP server answers on. */
export const MCP_HTTP_PATH = '/mcp';

/** The only interface `quiver mcp --http` listens on: remote use goes through a tunnel. */
export const MCP_HTTP_HOST = '127.0.0.1';

/** Options of {@link serveMcpHttp}. */
export interface McpHttpOptions {
  /** The port; 0 picks a free one. */
  port: number;
  /** The bearer token every request must carry. */
  token: string;
  /** A new MCP server for each session. */
  createSession(): QuiverMcpServer;
  log(line: string): void;
  /** Extra `Host` values accepted (`mcp.allowedHosts`). */
  allowedHosts?: readonly string[];
  /** Extra web origins accepted (`mcp.allowedOrigins`). */
  allowedOrigins?: readonly string[];
  /** The largest request body, in bytes (`mcp.maxMessageBytes`). @default 32 MiB */
  maxMessageBytes?: number;
  /** Seconds a session may sit unused before it is closed (`mcp.sessionIdleTimeout`). @default 1800 */
  sessionIdleSeconds?: number;
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
  /** Requests still being answered (an open SSE stream counts): a busy session never idles out. */
  busy: number;
  /** When the last request ended (ms since the epoch). */
  lastUsed: number;
}

/**
 * Serve MCP over Streamable HTTP on 127.0.0.1, with the transport spec's security rules:
 * every request's `Host` must name this server and its `Origin` (when sent) must be loopback
 * or configured (403 otherwise: DNS rebinding), then it needs `Authorization: Bearer <token>`
 * (401), before any body is read. Each `initialize` starts a session with its own MCP server
 * and runtime, found again by the `Mcp-Session-Id` header; a session unused for
 * `sessionIdleSeconds` is closed, and its id then gets 404. Bodies are capped at
 * `maxMessageBytes` (413, naming the limit), the same limit stdio applies; batches are refused
 * as on stdio.
 */
export async function serveMcpHttp(options: McpHttpOptions): Promise<McpHttpServer> {
  const sessions = new Map<string, Session>();
  const idleMs = (options.sessionIdleSeconds ?? DEFAULT_SESSION_IDLE_SECONDS) * 1000;
  const sweep = setInterval(() => expireIdle(sessions, idleMs, options.log), Math.max(250, Math.min(idleMs / 4, 30_000)));
  sweep.unref();
  let port = options.port;
  const http = createServer((req, res) => {
    handle({ ...options, port }, sessions, req, res).catch((e: unknown) => {
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
  port = (http.address() as AddressInfo).port;
  return {
    url: `http://${MCP_HTTP_HOST}:${port}${MCP_HTTP_PATH}`,
    port,
    close: () => {
      clearInterval(sweep);
      return closeAll(http, sessions);
    },
  };
}

/** Close the sessions nobody used for `idleMs` (none with a request in flight). */
function expireIdle(sessions: Map<string, Session>, idleMs: number, log: (line: string) => void): void {
  const now = Date.now();
  for (const [id, s] of sessions) {
    if (s.busy > 0 || now - s.lastUsed < idleMs) continue;
    sessions.delete(id);
    log(`session ${id} closed after ${Math.round(idleMs / 1000)} s unused (mcp.sessionIdleTimeout)`);
    void s.mcp.close().catch(() => undefined);
  }
}

/** One request: Host and Origin, the path, the token, then the session (or a new one for `initialize`). */
async function handle(options: McpHttpOptions, sessions: Map<string, Session>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const refusal = checkHttpRequest({ host: req.headers.host, origin: req.headers.origin }, options);
  if (refusal) return sendError(res, refusal.status, -32000, refusal.message);
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path !== MCP_HTTP_PATH) return sendError(res, 404, -32000, `Not found: the MCP endpoint is ${MCP_HTTP_PATH}.`);
  if (!isAuthorized(req.headers.authorization, options.token)) {
    res.setHeader('WWW-Authenticate', 'Bearer realm="quiver"');
    return sendError(
      res,
      401,
      -32001,
      'Unauthorized: send "Authorization: Bearer <token>" with the token quiver mcp printed (or QUIVER_MCP_TOKEN).',
    );
  }
  const sessionId = req.headers['mcp-session-id'];
  const session = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
  if (typeof sessionId === 'string' && !session)
    return sendError(
      res,
      404,
      -32001,
      'Session not found: it ended, expired after being unused (mcp.sessionIdleTimeout), or the server restarted. Initialize a new session.',
    );
  const noSession = 'Bad request: no Mcp-Session-Id header. Start a session with an initialize request.';
  if (!session && req.method !== 'POST') return sendError(res, 400, -32000, noSession);
  // Every POST body is read here, with one limit for both transports (the SDK's own is 4 MiB).
  const body = req.method === 'POST' ? await readJson(req, res, options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES) : undefined;
  if (req.method === 'POST' && body === undefined) return;
  if (session) return track(session, res, () => session.transport.handleRequest(req, res, body));
  if (!isInitializeRequest(body)) return sendError(res, 400, -32000, noSession);
  await startSession(options, sessions, req, res, body);
}

/** Count a request as in flight until its response ends, so the session does not idle out meanwhile. */
async function track(session: Session, res: ServerResponse, run: () => Promise<void>): Promise<void> {
  session.busy++;
  let done = false;
  const end = () => {
    if (done) return;
    done = true;
    session.busy--;
    session.lastUsed = Date.now();
  };
  res.once('close', end);
  try {
    await run();
  } finally {
    if (res.writableEnded) end();
  }
}

/** A new session: its own MCP server and transport, dropped when the transport closes. */
async function startSession(
  options: McpHttpOptions,
  sessions: Map<string, Session>,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
): Promise<void> {
  const mcp = options.createSession();
  let closed = false;
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => void sessions.set(id, { transport, mcp, busy: 0, lastUsed: Date.now() }),
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

/**
 * The request body as JSON; answers 413 (over `limit`), 400 with -32700 (not JSON) or -32600
 * (a batch) itself and returns undefined then.
 */
async function readJson(req: IncomingMessage, res: ServerResponse, limit: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Drained to the end even when too big: leaving the loop early would destroy the socket
  // before the 413 could be sent. Only a client holding the token gets this far.
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  if (size > limit) {
    sendError(res, 413, JSONRPC.INVALID_REQUEST, messageTooLarge(size, limit));
    return undefined;
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    sendError(res, 400, JSONRPC.PARSE_ERROR, 'Parse error: the body is not valid JSON.');
    return undefined;
  }
  if (Array.isArray(body)) {
    sendError(res, 400, JSONRPC.INVALID_REQUEST, BATCH_REFUSED);
    return undefined;
  }
  return body;
}

function sendError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
