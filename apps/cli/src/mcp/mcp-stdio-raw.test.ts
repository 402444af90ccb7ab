// stdio that never wedges (issue 13 "Must show" 2), on raw pipes to the built CLI: any size of
// message is handled or answered with an error naming the limit, malformed JSON is -32700,
// batches are refused (as over HTTP), bad tools/call params are -32602 in one line, and the
// server answers ping after each of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpTestKit, type McpTestKit } from './mcp-test-kit.js';
import { openRawPipe, type RawMcpPipe } from './raw-mcp-pipe.js';

const LIMIT = 1024 * 1024;
let kit: McpTestKit;
let pipe: RawMcpPipe;
let next = 100;

beforeAll(async () => {
  kit = await createMcpTestKit('quiver-mcp-raw-');
  pipe = await openRawPipe(await kit.workspace('ws', { 'a.txt': 'a\n' }, { mcp: { maxMessageBytes: LIMIT } }));
});
afterAll(async () => {
  await pipe?.close();
  await kit.cleanup();
});

/** The server still answers. */
async function pings(): Promise<void> {
  const id = next++;
  expect(await pipe.request(id, 'ping')).toEqual({ jsonrpc: '2.0', id, result: {} });
}

const padded = (id: number, bytes: number) =>
  `${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping', params: { _meta: { pad: 'x'.repeat(bytes) } } })}\n`;

describe('quiver mcp on raw stdio pipes', () => {
  it('handles a message just under the limit', async () => {
    const id = next++;
    await pipe.write(padded(id, LIMIT - 200));
    expect(await pipe.next((m) => m.id === id)).toMatchObject({ result: {} });
    await pings();
  });

  it('answers a 10 MiB message over the limit with an error naming the limit, to that request id, and keeps going', async () => {
    const id = next++;
    // Written in pieces, as a real client's pipe delivers it.
    const line = Buffer.from(padded(id, 10 * 1024 * 1024));
    for (let i = 0; i < line.length; i += 256 * 1024) await pipe.write(line.subarray(i, i + 256 * 1024));
    const answer = await pipe.next((m) => m.id === id);
    expect(answer.error).toMatchObject({ code: -32600, data: { limit: LIMIT } });
    expect(answer.error!.message).toContain(`limit of ${LIMIT} bytes (mcp.maxMessageBytes)`);
    await pings();
  });

  it('malformed JSON gets -32700 (id null), then ping still answers', async () => {
    await pipe.write('{"jsonrpc":"2.0","id":7,"method":\n');
    const answer = await pipe.next((m) => m.error?.code === -32700);
    expect(answer.id).toBeNull();
    expect(answer.error!.message).toMatch(/^Parse error/);
    await pings();
  });

  it('a batch is refused with -32600, as over HTTP', async () => {
    await pipe.write(
      `${JSON.stringify([
        { jsonrpc: '2.0', id: 900, method: 'ping' },
        { jsonrpc: '2.0', id: 901, method: 'ping' },
      ])}\n`,
    );
    const answer = await pipe.next((m) => m.error?.code === -32600 && m.id === null);
    expect(answer.error!.message).toMatch(/batches are not supported/);
    await pings();
  });

  it('an object that is not JSON-RPC, with an id, gets -32600 for that id', async () => {
    await pipe.write('{"id":55,"hello":"world"}\n');
    expect((await pipe.next((m) => m.id === 55)).error).toMatchObject({ code: -32600 });
    await pings();
  });

  it('tools/call with bad params is -32602 with a one-line message', async () => {
    for (const params of [{}, { name: 5 }, { name: 'read_file', arguments: 'not-an-object' }]) {
      const id = next++;
      const answer = await pipe.request(id, 'tools/call', params);
      expect(answer.error?.code, JSON.stringify(answer)).toBe(-32602);
      expect(answer.error!.message).toMatch(/Invalid tools\/call params: /);
      expect(answer.error!.message).not.toContain('\n');
    }
    await pings();
  });

  it('an unknown method is -32601 "Method not found", as the SDK answers it; params with _meta still call', async () => {
    const unknown = await pipe.request(next++, 'tools/frobnicate', {});
    expect(unknown.error).toEqual({ code: -32601, message: 'Method not found' });
    // A request the transport's fast path does not take (it has _meta) goes through the SDK's schema.
    const meta = await pipe.request(next++, 'tools/call', { name: 'read_file', arguments: { path: 'a.txt' }, _meta: { trace: 'x' } });
    expect(JSON.stringify(meta.result)).toContain('1 | a');
    await pings();
  });

  it('a good call still works after all that', async () => {
    const answer = await pipe.request(next++, 'tools/call', { name: 'read_file', arguments: { path: 'a.txt' } });
    expect(JSON.stringify(answer.result)).toContain('1 | a');
    expect(pipe.child.exitCode).toBeNull();
  });
});

describe('the default limit', () => {
  it('a 10 MiB message is handled (the default limit is 32 MiB)', async () => {
    const own = await openRawPipe(await kit.workspace('default'));
    try {
      await own.write(padded(1, 10 * 1024 * 1024));
      expect(await own.next((m) => m.id === 1)).toMatchObject({ result: {} });
      expect(await own.request(2, 'ping')).toMatchObject({ result: {} });
    } finally {
      await own.close();
    }
  });
});
