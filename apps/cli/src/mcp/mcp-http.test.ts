// End-to-end: `quiver mcp --http` driven by the official SDK client over Streamable HTTP.
// Needs the build (`pnpm test` builds first).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ElicitRequestSchema,
  ListRootsRequestSchema,
  type CallToolResult,
  type ClientCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));
const TOKEN = 'test-token-0123456789abcdef';
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

interface Served {
  url: string;
  child: ChildProcess;
  stderr: () => string;
}

let tmp: string;
let dir: string;
let served: Served;

/** Start `quiver mcp --http --port 0` and wait for the URL it prints. */
async function serve(cwd: string, env: NodeJS.ProcessEnv): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'mcp', '--http', '--port', '0', '--cwd', cwd], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      // The token line comes last: once it is there, the server is fully up.
      if (m && /bearer token: .*\n/.test(err)) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`quiver mcp --http exited (${code}): ${err}`)));
  });
  return { url, child, stderr: () => err };
}

async function stop(s: Served): Promise<number | null> {
  if (s.child.exitCode !== null) return s.child.exitCode;
  const exited = new Promise<number | null>((resolve) => s.child.once('exit', (code) => resolve(code)));
  s.child.kill('SIGTERM');
  return exited;
}

async function connect(url: string, capabilities: ClientCapabilities = {}, token = TOKEN): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  const client = new Client({ name: 'quiver-http-test', version: '1.0.0' }, { capabilities });
  await client.connect(transport);
  return client;
}

const text = (r: unknown) => ((r as CallToolResult).content ?? []).map((b) => (b.type === 'text' ? b.text : '')).join('\n');
const post = (url: string, headers: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(INIT),
  });

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build first (cd /work/main && pnpm turbo run build --filter @quiver/cli...).`);
  tmp = await realpath(await mkdtemp(join(tmpdir(), 'quiver-mcp-http-')));
  dir = join(tmp, 'ws');
  await mkdir(dir);
  await writeFile(join(dir, 'hello.txt'), 'hello over http\n');
  served = await serve(dir, { QUIVER_MCP_TOKEN: TOKEN });
});
afterAll(async () => {
  if (served) await stop(served);
  await rm(tmp, { recursive: true, force: true });
});

describe('quiver mcp --http', () => {
  it('listens on 127.0.0.1 and does not print a token it did not make', () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(served.stderr()).not.toContain(TOKEN);
  });

  it('refuses requests without the right bearer token (401)', async () => {
    const none = await post(served.url, {});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await post(served.url, { Authorization: 'Bearer wrong-token' })).status).toBe(401);
    expect((await post(served.url, { Authorization: TOKEN })).status).toBe(401);
    await expect(connect(served.url, {}, 'wrong-token')).rejects.toThrow();
  });

  it('answers only on /mcp and only for known sessions', async () => {
    expect((await fetch(served.url.replace('/mcp', '/other'), { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    const stale = await fetch(served.url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Mcp-Session-Id': 'nope', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(stale.status).toBe(404);
  });

  it('lists and calls tools with the token', async () => {
    const client = await connect(served.url);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('read_file');
      expect(tools.find((t) => t.name === 'read_file')!.annotations?.readOnlyHint).toBe(true);
      const read = (await client.callTool({ name: 'read_file', arguments: { path: 'hello.txt' } })) as CallToolResult;
      expect(read.isError).toBe(false);
      expect(text(read)).toContain('hello over http');
      const missing = (await client.callTool({ name: 'read_file', arguments: { path: 'missing.txt' } })) as CallToolResult;
      expect(missing.isError).toBe(true);
      const many = await Promise.all(
        Array.from({ length: 100 }, () => client.callTool({ name: 'read_file', arguments: { path: 'hello.txt' } })),
      );
      for (const r of many) expect(text(r)).toContain('hello over http');
    } finally {
      await client.close();
    }
  });

  it('elicits approval and lists roots on the call stream', async () => {
    const other = join(tmp, 'root-from-client');
    await mkdir(other);
    await writeFile(join(other, 'inside.txt'), 'from the client root\n');
    const client = await connect(served.url, { elicitation: {}, roots: { listChanged: true } });
    const asked: string[] = [];
    client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: pathToFileURL(other).href, name: 'client' }] }));
    client.setRequestHandler(
      ElicitRequestSchema,
      async (req) => (asked.push(req.params.message), { action: 'accept', content: { confirm: true } }),
    );
    try {
      expect(text(await client.callTool({ name: 'read_file', arguments: { path: 'inside.txt' } }))).toContain('from the client root');
      const ran = (await client.callTool({
        name: 'execute_command',
        arguments: { command: 'touch approved.txt', requires_approval: true },
      })) as CallToolResult;
      expect(ran.isError, text(ran)).toBe(false);
      expect(asked[0]).toContain('touch approved.txt');
      expect(existsSync(join(other, 'approved.txt'))).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('prints a generated token when none is set, and stops on SIGTERM', async () => {
    const own = await serve(dir, {});
    try {
      const token = /bearer token: (\S+)/.exec(own.stderr())?.[1];
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await post(own.url, { Authorization: `Bearer ${TOKEN}` })).status).toBe(401);
      const client = await connect(own.url, {}, token);
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      await client.close();
    } finally {
      expect(await stop(own)).toBe(0);
    }
    expect(await readFile(join(dir, 'hello.txt'), 'utf8')).toBe('hello over http\n');
  });
});
