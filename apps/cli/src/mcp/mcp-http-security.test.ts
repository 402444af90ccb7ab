// `quiver mcp --http` per the MCP transport spec's security rules (issue 13 "Must show" 1, SPEC
// M1–M3), on raw HTTP to the built CLI: Host and Origin validated on every request (DNS
// rebinding), the token's strength enforced from every source, idle sessions expire to 404,
// and one body limit (the same as stdio's) with a clear error.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, createMcpTestKit, type McpTestKit } from './mcp-test-kit.js';

const TOKEN = 'security-test-token-0123456789';
const LIMIT = 6 * 1024 * 1024;
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

interface Served {
  port: number;
  child: ChildProcess;
  stderr: () => string;
}

let kit: McpTestKit;
let dir: string;
let served: Served;

/** Start `quiver mcp --http --port 0`; resolves with the port, or rejects with the exit code and stderr. */
function serve(cwd: string, env: NodeJS.ProcessEnv, args: string[] = []): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'mcp', '--http', '--port', '0', '--cwd', cwd, '--trust', ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /at http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(err);
      if (m && /bearer token: .*\n/.test(err)) resolve({ port: Number(m[1]), child, stderr: () => err });
    });
    child.once('exit', (code) => reject(Object.assign(new Error(`exited ${code}: ${err}`), { code, stderr: err })));
  });
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request (node:http, so Host can be anything). */
function send(method: string, headers: Record<string, string>, body?: string | Buffer, path = '/mcp'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: served.port,
        method,
        path,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          Authorization: `Bearer ${TOKEN}`,
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const initialize = async (headers: Record<string, string> = {}) => {
  const r = await send('POST', headers, JSON.stringify(INIT));
  return { ...r, session: r.headers['mcp-session-id'] as string | undefined };
};
const ping = (session: string, id = 2) =>
  send('POST', { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-06-18' }, JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }));

beforeAll(async () => {
  kit = await createMcpTestKit('quiver-mcp-http-sec-');
  dir = await kit.workspace(
    'ws',
    { 'a.txt': 'a\n' },
    {
      approval: { editFiles: true },
      mcp: {
        allowedOrigins: ['https://app.example.com'],
        allowedHosts: ['tunnel.example.net'],
        sessionIdleTimeout: 1,
        maxMessageBytes: LIMIT,
      },
    },
  );
  served = await serve(dir, { QUIVER_MCP_TOKEN: TOKEN });
});
afterAll(async () => {
  if (served?.child.exitCode === null) {
    const exited = new Promise((r) => served.child.once('exit', r));
    served.child.kill('SIGTERM');
    await exited;
  }
  await kit.cleanup();
});

describe('Host and Origin (DNS rebinding)', () => {
  it('a foreign Origin is 403, with the right token too', async () => {
    const r = await initialize({ Origin: 'http://evil.example.com' });
    expect(r.status).toBe(403);
    expect(r.body).toContain('mcp.allowedOrigins');
  });

  it('a Host that is not the served address is 403', async () => {
    for (const host of ['10.0.0.5:' + served.port, 'evil.example.com', `127.0.0.1:${served.port + 1}`]) {
      const r = await initialize({ Host: host });
      expect(r.status, host).toBe(403);
      expect(r.body).toContain('mcp.allowedHosts');
    }
  });

  it('loopback origins, a configured origin and a configured host are served', async () => {
    for (const headers of [
      {},
      { Origin: `http://localhost:${served.port}` },
      { Origin: 'http://127.0.0.1:3000' },
      { Origin: 'https://app.example.com' },
      { Host: 'tunnel.example.net' },
      { Host: `localhost:${served.port}` },
    ]) {
      const r = await initialize(headers);
      expect(r.status, JSON.stringify(headers)).toBe(200);
      expect(r.session).toBeTruthy();
    }
  });

  it('every request is checked, not only initialize', async () => {
    const { session } = await initialize();
    const r = await send(
      'POST',
      { 'Mcp-Session-Id': session!, Origin: 'http://evil.example.com' },
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
    );
    expect(r.status).toBe(403);
    expect((await ping(session!)).status).toBe(200);
  });
});

describe('sessions and bodies', () => {
  it('an idle session expires, then its id is 404', async () => {
    const { session } = await initialize();
    expect((await ping(session!)).status).toBe(200);
    // sessionIdleTimeout is 1 s; the server logs the expiry. Wait for that line (bounded), without touching the session.
    for (let i = 0; i < 200 && !served.stderr().includes(`session ${session} closed`); i++) await new Promise((r) => setTimeout(r, 100));
    const r = await ping(session!);
    expect(r.status).toBe(404);
    expect(r.body).toContain('mcp.sessionIdleTimeout');
  });

  it('a 5 MB write works over HTTP (as on stdio); over the limit is 413 naming it', async () => {
    const { session } = await initialize();
    const content = 'x'.repeat(5 * 1000 * 1000);
    const call = (id: number, text: string) =>
      send(
        'POST',
        { 'Mcp-Session-Id': session!, 'MCP-Protocol-Version': '2025-06-18' },
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'write_to_file', arguments: { path: 'big.txt', content: text } },
        }),
      );
    const ok = await call(3, content);
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('"isError":false');
    const big = await call(4, content + 'y'.repeat(LIMIT));
    expect(big.status).toBe(413);
    expect(big.body).toContain(`limit of ${LIMIT} bytes (mcp.maxMessageBytes)`);
  });

  it('a batch is refused with -32600, as on stdio; bad JSON is -32700', async () => {
    const { session } = await initialize();
    const batch = await send('POST', { 'Mcp-Session-Id': session! }, JSON.stringify([{ jsonrpc: '2.0', id: 5, method: 'ping' }]));
    expect(batch.status).toBe(400);
    expect(JSON.parse(batch.body).error).toMatchObject({ code: -32600 });
    const bad = await send('POST', { 'Mcp-Session-Id': session! }, '{"jsonrpc":');
    expect(JSON.parse(bad.body).error).toMatchObject({ code: -32700 });
  });
});

describe('token strength, from every source', () => {
  it.each([
    ['the environment', { QUIVER_MCP_TOKEN: 'a' }, [], /QUIVER_MCP_TOKEN is too weak/],
    ['the flag', {}, ['--token', 'short'], /--token is too weak/],
    ['the flag, repeated characters', {}, ['--token', 'aaaaaaaaaaaaaaaaaaaaaaaa'], /--token is too weak: it uses only 1 distinct/],
  ])('a weak token from %s is a usage error (exit 2)', async (_what, env, args, message) => {
    const e = (await serve(dir, env, args).then(
      () => undefined,
      (x: unknown) => x,
    )) as { code: number; stderr: string };
    expect(e.code).toBe(2);
    expect(e.stderr).toMatch(message);
  });
});
