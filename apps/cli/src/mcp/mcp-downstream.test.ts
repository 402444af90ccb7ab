// Downstream MCP tools end to end (issue 13 "Must show" 4): the built `quiver mcp` over stdio,
// configured with the real @modelcontextprotocol/server-filesystem as a downstream server that
// may write outside Quiver's workspace. Its tools are re-exported as `<server>__<tool>`; the
// server's autoApprove tools run unasked, every other one is asked through elicitation (or
// refused when the client cannot be asked), whatever approval.useMcp says, unless the config
// opts that server out (`approval: "useMcp"`).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callTool, createMcpTestKit, resultText, type McpTestKit } from './mcp-test-kit.js';

const require = createRequire(import.meta.url);
const FILESYSTEM = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');

let kit: McpTestKit;
let outside: string;
let n = 0;

beforeAll(async () => {
  kit = await createMcpTestKit('quiver-mcp-downstream-');
  // The downstream server's own folder, beside (not inside) Quiver's workspaces.
  outside = await kit.workspace('outside', { 'note.txt': 'outside note\n' });
});
afterEach(() => kit.closeClients());
afterAll(() => kit.cleanup());

/** A trusted workspace whose config names the filesystem server as `fs`. */
async function workspace(fs: Record<string, unknown> = {}, approval: Record<string, unknown> = {}): Promise<string> {
  return kit.workspace(
    `ws-${++n}`,
    {},
    {
      approval,
      mcpServers: { fs: { command: process.execPath, args: [FILESYSTEM, outside], autoApprove: ['list_allowed_directories'], ...fs } },
    },
  );
}

/** A client that answers every elicitation with `action`, recording the messages. */
async function askingClient(
  dir: string,
  action: ElicitResult['action'] | (() => ElicitResult['action']),
): Promise<{ client: Client; asked: string[] }> {
  const client = await kit.connect(dir, { elicitation: {} });
  const asked: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (req): Promise<ElicitResult> => {
    asked.push(req.params.message);
    const answer = typeof action === 'function' ? action() : action;
    return answer === 'accept' ? { action: 'accept', content: { confirm: true } } : { action: answer };
  });
  return { client, asked };
}

const target = (name: string) => join(outside, `${name}-${n}.txt`);

describe('downstream MCP tools re-exported as <server>__<tool>', () => {
  it("lists the server's tools with their schemas, and calls one", async () => {
    const { client } = await askingClient(await workspace(), 'accept');
    const tools = (await client.listTools()).tools;
    const write = tools.find((t) => t.name === 'fs__write_file');
    expect(write, tools.map((t) => t.name).join(', ')).toBeDefined();
    expect(write!.description).toMatch(/^fs: /);
    expect(Object.keys((write!.inputSchema as { properties: object }).properties)).toEqual(expect.arrayContaining(['path', 'content']));
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['fs__read_text_file', 'fs__list_allowed_directories', 'use_mcp_tool']),
    );
    const read = await callTool(client, 'fs__read_text_file', { path: join(outside, 'note.txt') });
    expect(resultText(read)).toContain('outside note');
  });
});

describe('approval per downstream tool', () => {
  for (const useMcp of [true, false]) {
    it(`autoApprove tools run unasked; any other is asked (declined: not run; accepted: run), with approval.useMcp: ${useMcp}`, async () => {
      let answer: ElicitResult['action'] = 'decline';
      const { client, asked } = await askingClient(await workspace({}, { useMcp }), () => answer);
      const listed = await callTool(client, 'fs__list_allowed_directories', {});
      expect(resultText(listed)).toContain(outside);
      expect(asked).toEqual([]);

      const declined = target('declined');
      const r = await callTool(client, 'fs__write_file', { path: declined, content: 'no' });
      expect(r.isError).toBe(true);
      expect(existsSync(declined)).toBe(false);
      expect(asked).toHaveLength(1);
      // The prompt names the server, the tool and what would spare it; never approval.yolo.
      expect(asked[0]).toContain("'fs'");
      expect(asked[0]).toContain('write_file');
      expect(asked[0]).toContain('mcpServers.fs.autoApprove');
      expect(asked[0]).not.toContain('yolo');

      answer = 'accept';
      const accepted = target('accepted');
      expect((await callTool(client, 'fs__write_file', { path: accepted, content: 'yes' })).isError).toBe(false);
      expect(await readFile(accepted, 'utf8')).toBe('yes');
      expect(asked).toHaveLength(2);
    }, 60_000);
  }

  it('a client that cannot be asked is refused, through the re-export and through use_mcp_tool alike', async () => {
    const client = await kit.connect(await workspace({}, { useMcp: true }));
    const file = target('refused');
    const direct = await callTool(client, 'fs__write_file', { path: file, content: 'no' });
    const viaTool = await callTool(client, 'use_mcp_tool', {
      server_name: 'fs',
      tool_name: 'write_file',
      arguments: JSON.stringify({ path: file, content: 'no' }),
    });
    for (const r of [direct, viaTool]) {
      expect(r.isError).toBe(true);
      expect(resultText(r)).toContain('elicitation');
    }
    expect(existsSync(file)).toBe(false);
    // Its autoApprove tool still runs.
    expect(resultText(await callTool(client, 'fs__list_allowed_directories', {}))).toContain(outside);
  }, 60_000);

  it('the per-server opt-out (approval: "useMcp") lets approval.useMcp decide for that server', async () => {
    const on = await askingClient(await workspace({ approval: 'useMcp' }, { useMcp: true }), 'decline');
    const file = target('opted-out');
    expect((await callTool(on.client, 'fs__write_file', { path: file, content: 'ran' })).isError).toBe(false);
    expect(await readFile(file, 'utf8')).toBe('ran');
    expect(on.asked).toEqual([]);

    const off = await askingClient(await workspace({ approval: 'useMcp' }, { useMcp: false }), 'decline');
    const asked = target('opted-out-off');
    expect((await callTool(off.client, 'fs__write_file', { path: asked, content: 'no' })).isError).toBe(true);
    expect(existsSync(asked)).toBe(false);
    expect(off.asked).toHaveLength(1);
  }, 60_000);

  it('approval.yolo approves every downstream tool, as it does every tool (documented; an untrusted folder cannot set it)', async () => {
    const { client, asked } = await askingClient(await workspace({}, { yolo: true }), 'decline');
    const file = target('yolo');
    expect((await callTool(client, 'fs__write_file', { path: file, content: 'yolo' })).isError).toBe(false);
    expect(existsSync(file)).toBe(true);
    expect(asked).toEqual([]);
  }, 60_000);
});
