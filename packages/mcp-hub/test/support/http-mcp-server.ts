// A real MCP server in-process on 127.0.0.1: the SDK's McpServer behind node:http, speaking
// Streamable HTTP (stateless, at /mcp) and legacy SSE (/sse + /messages).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** A running test server. */
export interface TestMcpServer {
  readonly url: string;
  /** Headers of every request, in order. */
  readonly headers: IncomingHttpHeaders[];
  close(): Promise<void>;
}

function buildServer(name: string): McpServer {
  const server = new McpServer({ name, version: '1.0.0' }, { capabilities: { logging: {} } });
  server.registerTool('whoami', { description: 'Says which transport answered.' }, async () => ({
    content: [{ type: 'text', text: name }],
  }));
  server.registerTool('echo', { description: 'Echo.', inputSchema: { message: z.string() } }, async ({ message }) => ({
    content: [{ type: 'text', text: `Echo: ${message}` }],
  }));
  server.registerTool('slow', { description: 'Waits.', inputSchema: { ms: z.number() } }, async ({ ms }, extra) => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      extra.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()));
    });
    return { content: [{ type: 'text', text: `waited ${ms}` }] };
  });
  server.registerTool('notify', { description: 'Logs, then answers.' }, async (extra) => {
    await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: 'working on it' } });
    return { content: [{ type: 'text', text: 'notified' }] };
  });
  server.registerResource('note', 'mem://note', { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, text: 'a note' }],
  }));
  return server;
}

/** Start the server on 127.0.0.1 (a free port). `sseOnly` answers /mcp with 404, like an old server; `token` demands `Authorization: Bearer <token>`. */
export async function startHttpMcpServer(options: { sseOnly?: boolean; token?: string } = {}): Promise<TestMcpServer> {
  const headers: IncomingHttpHeaders[] = [];
  const sse = new Map<string, SSEServerTransport>();
  const http: Server = createServer(async (req, res) => {
    headers.push(req.headers);
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (options.token && req.headers.authorization !== `Bearer ${options.token}`) {
      return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_token"}');
    }
    if ((path === '/mcp' || path === '/') && !options.sseOnly) {
      if (req.method !== 'POST') return void res.writeHead(405).end();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      const server = buildServer('streamable');
      res.on('close', () => void transport.close().then(() => server.close()));
      await server.connect(transport);
      return void (await transport.handleRequest(req, res));
    }
    if (path === '/sse' || (path === '/' && options.sseOnly && req.method === 'GET')) {
      const transport = new SSEServerTransport('/messages', res);
      sse.set(transport.sessionId, transport);
      res.on('close', () => sse.delete(transport.sessionId));
      return void (await buildServer('sse').connect(transport));
    }
    if (path === '/messages') {
      const transport = sse.get(new URL(req.url!, 'http://127.0.0.1').searchParams.get('sessionId') ?? '');
      if (!transport) return void res.writeHead(404).end();
      return void (await transport.handlePostMessage(req, res));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    headers,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
