// The hub against the reference "everything" server from npm, over stdio (SPEC Part B
// §16.16, vectors §16.x.11): real process, real protocol.
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@quiver/core';
import { createMcpHub, type McpHub } from './index.js';
import { everythingServer } from '../test/support/everything-server.js';
import { MCP_ERRORS } from './mcp-errors.js';

let hub: McpHub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

function open(servers: Record<string, unknown>, env?: Record<string, string>) {
  hub = createMcpHub({ servers, env });
  return hub;
}

describe('stdio: the everything server', () => {
  it('connects lazily, calls echo and get-sum, and lists tools with their autoApprove flag', async () => {
    const h = open({ everything: everythingServer({ autoApprove: ['echo'] }) });
    await h.ready;
    expect(h.servers()).toEqual([expect.objectContaining({ name: 'everything', state: 'disconnected' })]);
    expect(await h.callTool('everything', 'echo', { message: 'hello' })).toMatchObject({
      content: [{ type: 'text', text: 'Echo: hello' }],
    });
    expect(h.servers()[0]).toMatchObject({ state: 'connected', transport: 'stdio' });
    const sum = await h.callTool('everything', 'get-sum', { a: 2, b: 40 });
    expect(JSON.stringify(sum.content)).toContain('42');
    const tools = await h.listTools('everything');
    expect(tools.find((t) => t.name === 'echo')).toMatchObject({ autoApprove: true, inputSchema: { type: 'object' } });
    expect(tools.find((t) => t.name === 'get-sum')?.autoApprove).toBe(false);
    expect(h.isAutoApproved('everything', 'echo')).toBe(true);
    expect(h.isAutoApproved('everything', 'get-sum')).toBe(false);
  });

  it('reads static and templated resources and lists both', async () => {
    const h = open({ everything: everythingServer() });
    const doc = await h.readResource('everything', 'demo://resource/static/document/features.md');
    expect(doc.contents[0]).toMatchObject({ uri: 'demo://resource/static/document/features.md', mimeType: 'text/markdown' });
    expect((doc.contents[0] as { text: string }).text.length).toBeGreaterThan(20);
    const dyn = await h.readResource('everything', 'demo://resource/dynamic/text/7');
    expect((dyn.contents[0] as { text: string }).text).toContain('7');
    const listed = await h.listResources('everything');
    expect(listed.map((r) => r.uri ?? r.uriTemplate)).toEqual(
      expect.arrayContaining(['demo://resource/static/document/features.md', 'demo://resource/dynamic/text/{resourceId}']),
    );
  });

  it('expands ${env:VAR} into the server environment', async () => {
    const h = open(
      { everything: everythingServer({ env: { QUIVER_PROBE: 'value-${env:QUIVER_TEST_SECRET}' } }) },
      { QUIVER_TEST_SECRET: 'xyz' },
    );
    const result = await h.callTool('everything', 'get-env');
    expect(JSON.stringify(result.content)).toContain('value-xyz');
  });

  it('sends undefined arguments as {} (vector §16.x.11)', async () => {
    const h = open({ everything: everythingServer() });
    const result = await h.callTool('everything', 'get-env', undefined);
    expect(result.isError).not.toBe(true);
    expect(Array.isArray(result.content)).toBe(true);
  });

  it('applies the per-server timeout to tools/call', async () => {
    // Connect under the default timeout first: starting the server through npx can take over
    // 1 s on a loaded machine, and this test is about the call, not the handshake. The lowered
    // timeout then reaches the live connection without reconnecting (same connection settings).
    const h = open({ slow: everythingServer() });
    const connection = await h.connect('slow');
    await h.setServers({ slow: everythingServer({ timeout: 1 }) });
    expect(await h.connect('slow')).toBe(connection);
    const call = h.callTool('slow', 'trigger-long-running-operation', { duration: 5, steps: 5 });
    await expect(call).rejects.toMatchObject({
      code: ERROR_CODES.TOOL_TIMEOUT,
      message: expect.stringContaining("'slow' did not answer tools/call 'trigger-long-running-operation' within 1 s"),
    });
    // The connection survives a timed-out request.
    expect(await h.callTool('slow', 'echo', { message: 'still here' })).toMatchObject({ content: [{ text: 'Echo: still here' }] });
  });

  it('delivers progress notifications of a call', async () => {
    const h = open({ everything: everythingServer() });
    const progress: number[] = [];
    await h.callTool('everything', 'trigger-long-running-operation', { duration: 0.3, steps: 3 }, { onProgress: (p) => progress.push(p) });
    expect(progress.slice(0, 2)).toEqual([1, 2]);
  });

  it('reports unknown and disabled servers with the baseline texts', async () => {
    const h = open({ everything: everythingServer(), off: everythingServer({ disabled: true }) });
    await expect(h.callTool('nonexistent-server', 'echo', {})).rejects.toMatchObject({
      code: MCP_ERRORS.MCP_SERVER_UNKNOWN,
      message: expect.stringContaining('No connection found for server: nonexistent-server'),
    });
    await expect(h.callTool('off', 'echo', {})).rejects.toMatchObject({
      code: MCP_ERRORS.MCP_SERVER_DISABLED,
      message: expect.stringContaining('disabled'),
    });
    expect(h.servers().find((s) => s.name === 'off')).toMatchObject({ state: 'disabled', disabled: true });
  });

  it("an unknown tool comes back as the server's error result", async () => {
    const h = open({ everything: everythingServer() });
    expect(await h.callTool('everything', 'no-such-tool', {})).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: expect.stringContaining('no-such-tool not found') }],
    });
  });

  it('a command that cannot start fails to connect with its stderr', async () => {
    const h = open({ broken: { command: process.execPath, args: ['-e', 'console.error("boom: missing API key"); process.exit(3)'] } });
    await expect(h.callTool('broken', 'x', {})).rejects.toMatchObject({
      code: MCP_ERRORS.MCP_CONNECT_FAILED,
      message: expect.stringContaining('boom: missing API key'),
    });
    expect(h.servers()[0].state).toBe('failed');
  });

  it('an invalid entry is reported when used, other servers still work', async () => {
    const h = open({ bad: { type: 'sse' }, everything: everythingServer() });
    await expect(h.callTool('bad', 'echo', {})).rejects.toMatchObject({ code: MCP_ERRORS.MCP_CONFIG_INVALID });
    expect(h.servers()[0]).toMatchObject({ name: 'bad', state: 'invalid' });
    expect(await h.callTool('everything', 'echo', { message: 'ok' })).toMatchObject({ content: [{ text: 'Echo: ok' }] });
  });
});
