// The watched config file (SPEC Part B §16.16 lifecycle): added servers appear, removed ones
// close, changed ones reconnect, autoApprove/timeout changes keep the connection, and a file
// that stops parsing keeps the servers in use.
import { mkdtemp, rm, writeFile, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type QuiverError } from '@quiver/core';
import { createMcpHub, type McpHub } from './index.js';
import { everythingServer } from '../test/support/everything-server.js';
import { startHttpMcpServer, type TestMcpServer } from '../test/support/http-mcp-server.js';
import { MCP_ERRORS } from './mcp-errors.js';

let dir: string;
let file: string;
let hub: McpHub | undefined;
let server: TestMcpServer;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quiver-mcp-watch-'));
  file = join(dir, 'mcp.json');
  server = await startHttpMcpServer();
});
afterEach(async () => {
  await hub?.close();
  hub = undefined;
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const write = (servers: Record<string, unknown>) => writeFile(file, JSON.stringify({ mcpServers: servers }, null, 2));

/** Poll until `check` passes (the watcher is debounced); fails after 10 s. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met within 10 s');
}

const names = (h: McpHub) =>
  h
    .servers()
    .map((s) => s.name)
    .join(',');

describe('watched config file', () => {
  it('adds, changes (reconnects) and removes servers as the file changes', async () => {
    await write({ a: { type: 'streamableHttp', url: `${server.url}/mcp` } });
    hub = createMcpHub({ watchFile: file });
    const h = hub;
    expect(JSON.stringify((await h.callTool('a', 'whoami')).content)).toContain('streamable');

    await write({ a: { type: 'sse', url: `${server.url}/sse` }, b: { url: `${server.url}/mcp` } });
    await until(() => names(h) === 'a,b' && h.servers()[0].state === 'disconnected');
    expect(JSON.stringify((await h.callTool('a', 'whoami')).content)).toContain('sse');
    expect(h.servers()[0].transport).toBe('sse');

    await write({ b: { url: `${server.url}/mcp` } });
    await until(() => names(h) === 'b');
    await expect(h.callTool('a', 'whoami')).rejects.toMatchObject({ code: MCP_ERRORS.MCP_SERVER_UNKNOWN });
  });

  it('a changed stdio server restarts with its new settings', async () => {
    await write({ e: everythingServer({ env: { QUIVER_GEN: 'one' } }) });
    hub = createMcpHub({ watchFile: file });
    const h = hub;
    expect(JSON.stringify((await h.callTool('e', 'get-env')).content)).toContain('one');
    await write({ e: everythingServer({ env: { QUIVER_GEN: 'two' } }) });
    await until(() => h.servers()[0].state === 'disconnected');
    expect(JSON.stringify((await h.callTool('e', 'get-env')).content)).toContain('two');
  });

  it('autoApprove and timeout changes keep the connection; disabling closes it', async () => {
    await write({ a: { url: `${server.url}/mcp` } });
    hub = createMcpHub({ watchFile: file });
    const h = hub;
    await h.connect('a');
    // An atomic replace (write + rename), as editors do.
    await writeFile(
      join(dir, 'tmp.json'),
      JSON.stringify({ mcpServers: { a: { url: `${server.url}/mcp`, autoApprove: ['echo'], timeout: 5 } } }),
    );
    await rename(join(dir, 'tmp.json'), file);
    await until(() => h.isAutoApproved('a', 'echo'));
    expect(h.servers()[0]).toMatchObject({ state: 'connected', timeoutMs: 5000 });

    await write({ a: { url: `${server.url}/mcp`, disabled: true } });
    await until(() => h.servers()[0].state === 'disabled');
    await expect(h.callTool('a', 'echo', { message: 'x' })).rejects.toMatchObject({ code: MCP_ERRORS.MCP_SERVER_DISABLED });
  });

  it('a file that stops parsing keeps the servers in use and reports the error', async () => {
    await write({ a: { url: `${server.url}/mcp` } });
    const errors: QuiverError[] = [];
    hub = createMcpHub({ watchFile: file, onConfigError: (e) => errors.push(e) });
    const h = hub;
    await h.ready;
    await writeFile(file, '{ "mcpServers": { broken');
    await until(() => errors.length > 0);
    expect(errors[0]).toMatchObject({
      code: MCP_ERRORS.MCP_CONFIG_INVALID,
      message: expect.stringContaining('Invalid MCP settings format'),
    });
    expect(JSON.stringify((await h.callTool('a', 'echo', { message: 'kept' })).content)).toContain('Echo: kept');
  });

  it('a missing file means no servers until it is created', async () => {
    hub = createMcpHub({ watchFile: file });
    const h = hub;
    await h.ready;
    expect(h.servers()).toEqual([]);
    await write({ late: { url: `${server.url}/mcp` } });
    await until(() => names(h) === 'late');
    expect(JSON.stringify((await h.callTool('late', 'whoami')).content)).toContain('streamable');
  });
});
