// The hub over HTTP against an in-process SDK server on 127.0.0.1: Streamable HTTP, SSE, the
// probe-then-fall-back for URLs without a type, headers, timeouts and notifications.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@quiver/core';
import { createMcpHub, type McpHub, type McpHubNotification } from './index.js';
import { startHttpMcpServer, type TestMcpServer } from '../test/support/http-mcp-server.js';
import { MCP_ERRORS } from './mcp-errors.js';

let hub: McpHub | undefined;
let server: TestMcpServer;
beforeEach(async () => {
  server = await startHttpMcpServer();
});
afterEach(async () => {
  await hub?.close();
  hub = undefined;
  await server.close();
});

const whoami = async (h: McpHub, name: string) => JSON.stringify((await h.callTool(name, 'whoami')).content);

describe('Streamable HTTP and SSE', () => {
  it('type streamableHttp: calls a tool, reads a resource, sends the headers with ${env:} expanded', async () => {
    hub = createMcpHub({
      servers: { web: { type: 'streamableHttp', url: `${server.url}/mcp`, headers: { Authorization: 'Bearer ${env:MCP_TOKEN}' } } },
      env: { MCP_TOKEN: 'tok-123' },
    });
    expect(await hub.callTool('web', 'echo', { message: 'over http' })).toMatchObject({
      content: [{ type: 'text', text: 'Echo: over http' }],
    });
    expect(await whoami(hub, 'web')).toContain('streamable');
    expect((await hub.readResource('web', 'mem://note')).contents).toEqual([{ uri: 'mem://note', text: 'a note' }]);
    expect(server.headers.every((h) => h.authorization === 'Bearer tok-123')).toBe(true);
    expect(hub.servers()[0]).toMatchObject({ state: 'connected', transport: 'streamableHttp' });
  });

  it('type sse: connects over the legacy SSE transport', async () => {
    hub = createMcpHub({ servers: { old: { type: 'sse', url: `${server.url}/sse` } } });
    expect(await whoami(hub, 'old')).toContain('sse');
    expect(hub.servers()[0].transport).toBe('sse');
  });

  it('no type + url: Streamable HTTP when the server speaks it', async () => {
    hub = createMcpHub({ servers: { auto: { url: `${server.url}/mcp` } } });
    expect(await whoami(hub, 'auto')).toContain('streamable');
  });

  it('no type + url: falls back to SSE for a server without Streamable HTTP', async () => {
    const old = await startHttpMcpServer({ sseOnly: true });
    try {
      hub = createMcpHub({ servers: { legacy: { url: old.url } } });
      expect(await whoami(hub, 'legacy')).toContain('sse');
      expect(hub.servers()[0].transport).toBe('sse');
    } finally {
      await hub?.close();
      await old.close();
    }
  });

  it('a URL where nothing answers fails with both attempts named', async () => {
    await server.close();
    hub = createMcpHub({ servers: { gone: { url: `${server.url}/mcp` } } });
    await expect(hub.callTool('gone', 'echo', { message: 'x' })).rejects.toMatchObject({
      code: MCP_ERRORS.MCP_CONNECT_FAILED,
      message: expect.stringMatching(/Streamable HTTP failed .*then SSE failed/),
    });
    server = await startHttpMcpServer();
  });

  it('a server that answers 401 asks for authentication, without falling back to SSE', async () => {
    const locked = await startHttpMcpServer({ token: 'right' });
    try {
      hub = createMcpHub({
        servers: {
          locked: { url: `${locked.url}/mcp`, headers: { Authorization: 'Bearer wrong' } },
          open: { url: `${locked.url}/mcp`, headers: { Authorization: 'Bearer right' } },
        },
      });
      await expect(hub.callTool('locked', 'whoami')).rejects.toMatchObject({
        code: MCP_ERRORS.MCP_CONNECT_FAILED,
        message: expect.stringContaining('This MCP server requires authentication to get started'),
      });
      // No SSE attempt (a GET for an event stream) after the 401.
      expect(locked.headers.some((h) => h.accept === 'text/event-stream')).toBe(false);
      expect(JSON.stringify((await hub.callTool('open', 'whoami')).content)).toContain('streamable');
    } finally {
      await hub?.close();
      await locked.close();
    }
  });

  it('per-server timeout: a slow call times out, a later call works', async () => {
    hub = createMcpHub({ servers: { web: { type: 'http', url: `${server.url}/mcp`, timeout: 1 } } });
    await expect(hub.callTool('web', 'slow', { ms: 5000 })).rejects.toMatchObject({
      code: ERROR_CODES.TOOL_TIMEOUT,
      message: expect.stringContaining('within 1 s'),
    });
    expect(await hub.callTool('web', 'slow', { ms: 10 })).toMatchObject({ content: [{ text: 'waited 10' }] });
  });

  it('an aborted call is cancelled', async () => {
    hub = createMcpHub({ servers: { web: { url: `${server.url}/mcp` } } });
    await hub.connect('web');
    const controller = new AbortController();
    const call = hub.callTool('web', 'slow', { ms: 10_000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toMatchObject({ code: ERROR_CODES.TOOL_ABORTED });
  });

  it("passes the server's notifications to listeners, with the server name", async () => {
    hub = createMcpHub({ servers: { web: { url: `${server.url}/mcp` } } });
    const seen: McpHubNotification[] = [];
    const stop = hub.onNotification((n) => seen.push(n));
    await hub.callTool('web', 'notify');
    stop();
    expect(seen).toContainEqual({ server: 'web', method: 'notifications/message', params: { level: 'info', data: 'working on it' } });
  });
});
