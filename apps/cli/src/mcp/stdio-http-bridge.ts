// Test-only: a loopback Streamable HTTP endpoint in front of a stdio MCP server, for clients that
// only speak HTTP, such as the MCP conformance suite (its `server` mode takes a URL, nothing
// else). Each HTTP session gets its own child process, as a stdio client would start one, and
// the JSON-RPC messages pass through unchanged in both directions: what is tested is the
// server's stdio answers, not the bridge.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The stdio server each session starts. */
export interface StdioServerCommand {
  command: string;
  args: string[];
  cwd: string;
  env?: Record<string, string>;
}

/** A running bridge: its URL, the sessions it started, and how to stop it. */
export interface StdioHttpBridge {
  readonly url: string;
  /** How many stdio servers were started (one per HTTP session). */
  readonly started: number;
  /** The stderr of every stdio server, for a failing test's message. */
  stderr(): string;
  close(): Promise<void>;
}

interface Session {
  http: StreamableHTTPServerTransport;
  stdio: StdioClientTransport;
}

/**
 * Start the bridge on 127.0.0.1 (a free port). A request without a session starts a stdio
 * server and a session for it (the first message must be `initialize`, as the transport
 * requires); a request naming an unknown session gets 404. Responses reach the HTTP request
 * they answer by id; server-sent requests and notifications go to the session's GET stream.
 */
export async function startStdioHttpBridge(server: StdioServerCommand): Promise<StdioHttpBridge> {
  const sessions = new Map<string, Session>();
  const all = new Set<Session>();
  let started = 0;
  let stderr = '';

  const open = async (): Promise<Session> => {
    const stdio = new StdioClientTransport({
      command: server.command,
      args: server.args,
      cwd: server.cwd,
      env: server.env,
      stderr: 'pipe',
    });
    const http: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, session),
    });
    const session: Session = { http, stdio };
    all.add(session);
    http.onmessage = (message: JSONRPCMessage) => void stdio.send(message).catch(() => undefined);
    stdio.onmessage = (message: JSONRPCMessage) => void http.send(message).catch(() => undefined);
    http.onclose = () => void stdio.close().catch(() => undefined);
    stdio.onclose = () => {
      all.delete(session);
      if (http.sessionId) sessions.delete(http.sessionId);
      void http.close().catch(() => undefined);
    };
    await stdio.start();
    stdio.stderr?.on('data', (d: Buffer) => void (stderr.length < 1_000_000 && (stderr += d.toString('utf8'))));
    started++;
    return session;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const id = req.headers['mcp-session-id'];
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (known) return known.http.handleRequest(req, res);
    if (id !== undefined || req.method !== 'POST') {
      res.writeHead(id !== undefined ? 404 : 400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          error: { code: -32000, message: id !== undefined ? 'Session not found' : 'No session: start with initialize' },
          id: null,
        }),
      );
      return;
    }
    const session = await open();
    await session.http.handleRequest(req, res);
    // Not an initialize (the transport answered 400): nothing to keep.
    if (!session.http.sessionId) await session.stdio.close();
  };

  const http: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    get started() {
      return started;
    },
    stderr: () => stderr,
    async close() {
      await Promise.all([...all].map((s) => s.stdio.close().catch(() => undefined)));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
