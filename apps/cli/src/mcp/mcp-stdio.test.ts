// End-to-end: the official SDK client drives the built `quiver mcp` over stdio.
// Needs the build (`pnpm test` builds first).
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ElicitRequestSchema,
  ListRootsRequestSchema,
  type CallToolResult,
  type ClientCapabilities,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { processesWith } from '@quiver/testing';
import { createMcpTestKit, type McpTestKit } from './mcp-test-kit.js';

let kit: McpTestKit;
let workspace: McpTestKit['workspace'];
let connect: (dir: string, capabilities?: ClientCapabilities) => Promise<Client>;

beforeAll(async () => {
  kit = await createMcpTestKit('quiver-mcp-stdio-');
  workspace = kit.workspace;
  connect = (dir, capabilities) => kit.connect(dir, capabilities);
});
afterEach(() => kit.closeClients());
afterAll(() => kit.cleanup());

const text = (r: unknown) => ((r as CallToolResult).content ?? []).map((b) => (b.type === 'text' ? b.text : '')).join('\n');
const call = (c: Client, name: string, args: Record<string, unknown>) => c.callTool({ name, arguments: args }) as Promise<CallToolResult>;

/** Poll until `check` holds (bounded, so a broken server fails instead of hanging). */
async function waitFor(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('quiver mcp over stdio', () => {
  it('lists the configured tools with their JSON Schemas and annotations', async () => {
    const client = await connect(await workspace('list', {}));
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of ['read_file', 'list_files', 'search_files', 'execute_command']) expect(byName.has(name), name).toBe(true);
    const read = byName.get('read_file')!;
    expect(read.inputSchema).toMatchObject({ type: 'object', required: ['path'], properties: { path: { type: 'string' } } });
    expect(read.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(byName.get('execute_command')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, openWorldHint: true });
    expect(byName.get('execute_command')!.inputSchema.required).toEqual(['command', 'requires_approval']);
    for (const t of tools) expect(t.description, t.name).toBeTruthy();
  });

  it('runs every capability tool on a temp workspace', async (ctx) => {
    const dir = await workspace(
      'tools',
      { 'src/app.ts': 'export const answer = 42;\n', 'notes.md': 'alpha\nbeta\n' },
      { approval: { editFiles: true } },
    );
    const client = await connect(dir);
    const names = new Set((await client.listTools()).tools.map((t) => t.name));

    const read = await call(client, 'read_file', { path: 'notes.md' });
    expect(read.isError).toBe(false);
    expect(text(read)).toContain('1 | alpha');

    const listed = await call(client, 'list_files', { path: '.', recursive: true });
    expect(listed.isError).toBe(false);
    expect(text(listed)).toContain('src/app.ts');

    const found = await call(client, 'search_files', { path: '.', regex: 'answer' });
    expect(found.isError).toBe(false);
    expect(text(found)).toContain('export const answer = 42;');

    const ran = await call(client, 'execute_command', { command: 'echo from-the-shell', requires_approval: false });
    expect(ran.isError).toBe(false);
    expect(text(ran)).toContain('from-the-shell');

    if (!names.has('write_to_file')) return ctx.skip();
    const wrote = await call(client, 'write_to_file', { path: 'out/new.txt', content: 'written over MCP\n' });
    expect(wrote.isError, text(wrote)).toBe(false);
    expect(await readFile(join(dir, 'out/new.txt'), 'utf8')).toBe('written over MCP\n');

    const edited = await call(client, 'replace_in_file', {
      path: 'notes.md',
      diff: '------- SEARCH\nbeta\n=======\ngamma\n+++++++ REPLACE',
    });
    expect(edited.isError, text(edited)).toBe(false);
    expect(await readFile(join(dir, 'notes.md'), 'utf8')).toBe('alpha\ngamma\n');
  });

  it('returns isError results for failures', async () => {
    const client = await connect(await workspace('errors', {}));
    const missing = await call(client, 'read_file', { path: 'no-such-file.txt' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('no-such-file.txt');
    expect(missing._meta?.['quiver/errorCode']).toMatch(/^QUIVER_ERR_/);

    const unknown = await call(client, 'no_such_tool', {});
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain('read_file');

    const invalid = await call(client, 'read_file', {});
    expect(invalid.isError).toBe(true);
  });

  it('neither lists nor runs a tool the config hides', async () => {
    const client = await connect(await workspace('hidden', { 'a.txt': 'a\n' }, { tools: { list_files: { hidden: true } } }));
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('read_file');
    expect(names).not.toContain('list_files');
    const refused = await call(client, 'list_files', { path: '.' });
    expect(refused.isError).toBe(true);
    expect(refused._meta?.['quiver/errorCode']).toBe('QUIVER_ERR_TOOL_UNKNOWN');
  });

  it('answers 100 concurrent read_file calls', async () => {
    const files = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f${i}.txt`, `content of file ${i}\n`]));
    const client = await connect(await workspace('concurrent', files));
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => call(client, 'read_file', { path: `f${i % 10}.txt` })));
    expect(results).toHaveLength(100);
    results.forEach((r, i) => {
      expect(r.isError).toBe(false);
      expect(text(r)).toContain(`content of file ${i % 10}`);
    });
  });

  it('streams command output as progress notifications', async () => {
    const client = await connect(await workspace('progress', {}));
    const messages: string[] = [];
    const result = await client.callTool(
      { name: 'execute_command', arguments: { command: 'echo first-line; sleep 0.3; echo second-line', requires_approval: false } },
      undefined,
      {
        onprogress: (p) => void messages.push(p.message ?? ''),
      },
    );
    expect(result.isError).toBe(false);
    expect(messages.join('')).toContain('first-line');
    expect(messages.join('')).toContain('second-line');
  });

  it('cancelling a call kills the command and its child processes', async () => {
    const dir = await workspace('cancel', {}, { approval: { executeAllCommands: true } });
    const client = await connect(dir);
    const abort = new AbortController();
    // A unique sleep found by its command line: inside the sandbox, $$ is a PID-namespace pid.
    const marker = `30.${process.pid}${Math.floor(Math.random() * 1e6)}`;
    const pending = client.callTool(
      { name: 'execute_command', arguments: { command: `sh -c 'exec sleep ${marker}' & wait`, requires_approval: false, timeout: 120 } },
      undefined,
      { signal: abort.signal },
    );
    pending.catch(() => undefined);
    await waitFor(() => processesWith(marker).length > 0, 'the command to start');
    abort.abort();
    await expect(pending).rejects.toThrow();
    await waitFor(() => processesWith(marker).length === 0, `the processes running 'sleep ${marker}' to be killed`);
    // The server is still there for the next call.
    expect((await call(client, 'execute_command', { command: 'echo still-here', requires_approval: false })).isError).toBe(false);
  });

  it("uses the client's roots as workspace roots, and follows roots/list_changed", async () => {
    const start = await workspace('roots-start', { 'start.txt': 'start\n' });
    const first = await workspace('roots-first', { 'first.txt': 'in the first root\n' });
    const second = await workspace('roots-second', { 'second.txt': 'in the second root\n' });
    let roots = [{ uri: pathToFileURL(first).href, name: 'first' }];
    const client = await connect(start, { roots: { listChanged: true } });
    client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots }));

    const inFirst = await call(client, 'read_file', { path: 'first.txt' });
    expect(text(inFirst)).toContain('in the first root');
    const started = await call(client, 'read_file', { path: join(start, 'start.txt') });
    expect(text(started)).not.toContain('1 | start');

    roots = [{ uri: pathToFileURL(second).href, name: 'second' }];
    await client.sendRootsListChanged();
    expect(text(await call(client, 'read_file', { path: 'second.txt' }))).toContain('in the second root');
    expect((await call(client, 'read_file', { path: 'first.txt' })).isError).toBe(true);
  });
});

describe('approval over stdio', () => {
  const risky = (file: string) => ({ command: `touch ${file}`, requires_approval: true });

  it('asks through elicitation and runs the call when the user accepts', async () => {
    const dir = await workspace('elicit-accept', {});
    const client = await connect(dir, { elicitation: {} });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (req): Promise<ElicitResult> => {
      asked.push(req.params.message);
      return { action: 'accept', content: { confirm: true } };
    });
    const result = await call(client, 'execute_command', risky('accepted.txt'));
    expect(result.isError, text(result)).toBe(false);
    expect(existsSync(join(dir, 'accepted.txt'))).toBe(true);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('execute_command');
    expect(asked[0]).toContain('touch accepted.txt');
    expect(asked[0]).toContain('approval.executeAllCommands');
  });

  it('refuses the call when the user declines, without blocking later calls', async () => {
    const dir = await workspace('elicit-decline', {});
    const client = await connect(dir, { elicitation: {} });
    let answer: ElicitResult = { action: 'decline' };
    client.setRequestHandler(ElicitRequestSchema, async () => answer);
    const declined = await call(client, 'execute_command', risky('declined.txt'));
    expect(declined.isError).toBe(true);
    expect(existsSync(join(dir, 'declined.txt'))).toBe(false);

    answer = { action: 'accept', content: { confirm: true } };
    expect((await call(client, 'execute_command', risky('later.txt'))).isError).toBe(false);
    expect(existsSync(join(dir, 'later.txt'))).toBe(true);
  });

  it('denies with a message naming the setting when the client cannot elicit', async () => {
    const dir = await workspace('no-elicit', {});
    const client = await connect(dir);
    const result = await call(client, 'execute_command', risky('never.txt'));
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('approval.executeAllCommands');
    expect(existsSync(join(dir, 'never.txt'))).toBe(false);
  });
});
