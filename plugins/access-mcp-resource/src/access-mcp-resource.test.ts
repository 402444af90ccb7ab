// access_mcp_resource through the real pipeline, against the reference "everything" server
// from npm over stdio (SPEC Part B §16.16).
import { afterEach, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import accessMcpResource from './index.js';
import { formatResourceContents } from './access-mcp-resource.js';
import { everythingServer } from '../test/support/servers.js';
import { MCP_ERRORS } from '@quiver/mcp-hub';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

async function harness(useMcp = true) {
  h = await createTestHarness({
    plugins: [
      { plugin: accessMcpResource, options: { mcpServers: { everything: everythingServer(), off: everythingServer({ disabled: true }) } } },
    ],
    config: { approval: { useMcp } },
  });
  return h;
}

describe('access_mcp_resource', () => {
  it('reads a static and a templated text resource', async () => {
    const t = await harness();
    const doc = await t.call('access_mcp_resource', { server_name: 'everything', uri: 'demo://resource/static/document/features.md' });
    expect(doc.isError).toBe(false);
    expect(t.text(doc).length).toBeGreaterThan(20);
    expect(t.text(await t.call('access_mcp_resource', { server_name: 'everything', uri: 'demo://resource/dynamic/text/5' }))).toContain(
      '5',
    );
    expect(t.approvals).toEqual([]);
  });

  it('names a binary resource instead of dumping it', async () => {
    const t = await harness();
    const r = await t.call('access_mcp_resource', { server_name: 'everything', uri: 'demo://resource/dynamic/blob/2' });
    expect(t.text(r)).toMatch(/^\[Binary content of demo:\/\/resource\/dynamic\/blob\/2 \([\w/.+-]+, \d+ bytes\) is not shown\.\]$/);
  });

  it('asks in the mcp category when useMcp is off', async () => {
    const t = await harness(false);
    await t.call('access_mcp_resource', { server_name: 'everything', uri: 'demo://resource/dynamic/text/1' });
    expect(t.approvals).toEqual([expect.objectContaining({ tool: 'access_mcp_resource', category: 'mcp', setting: 'approval.useMcp' })]);
  });

  it('errors: unknown server (a mistake), disabled server, unknown resource', async () => {
    const t = await harness();
    const unknown = await t.call('access_mcp_resource', { server_name: 'nope', uri: 'x://y' });
    expect(t.text(unknown)).toContain('No connection found for server: nope');
    expect(t.mistakes.count).toBe(1);
    expect(t.text(await t.call('access_mcp_resource', { server_name: 'off', uri: 'x://y' }))).toContain('Server "off" is disabled');
    const missing = await t.call('access_mcp_resource', { server_name: 'everything', uri: 'demo://nothing/here' });
    expect(missing).toMatchObject({ isError: true, code: MCP_ERRORS.MCP_CALL_FAILED });
    expect(t.text(missing)).toMatch(/^Error accessing MCP resource: MCP server 'everything' failed resources\/read/);
  });
});

describe('formatResourceContents', () => {
  it('joins texts, says "(Empty response)" for nothing, passes images when supported', () => {
    expect(
      formatResourceContents([
        { uri: 'a', text: 'one' },
        { uri: 'b', text: 'two' },
      ]),
    ).toEqual([{ type: 'text', text: 'one\n\ntwo' }]);
    expect(formatResourceContents([])).toEqual([{ type: 'text', text: '(Empty response)' }]);
    expect(formatResourceContents([{ uri: 'i', mimeType: 'image/png', blob: 'iVBOR' }])).toEqual([
      { type: 'image', data: 'iVBOR', mimeType: 'image/png' },
    ]);
    expect(formatResourceContents([{ uri: 'i', mimeType: 'image/png', blob: 'iVBOR' }], false)[0]).toMatchObject({
      type: 'text',
      text: expect.stringContaining('[Binary content of i (image/png'),
    });
  });

  it('cuts text over 400 KB', () => {
    const [block] = formatResourceContents([{ uri: 'big', text: 'q'.repeat(500_000) }]);
    expect(block.type === 'text' && block.text.includes('[FILE TRUNCATED:')).toBe(true);
  });
});
