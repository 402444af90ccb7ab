import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** A running Verdaccio: its URL, a publish token, and how to stop it. */
export interface LocalRegistry {
  url: string;
  /** The server's process id (ours: the test started it). */
  pid: number;
  /** An auth token of a user created on start (npm refuses to publish without credentials). */
  token: string;
  /** The server's output so far (for failure messages). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * The Verdaccio config of a company's private registry: `@quiver/*` and `quiver-tool-*` are
 * served only from what was published to it (no uplink, so a name cannot leak to the public
 * registry), everything else is proxied to `upstream`.
 */
export function registryConfig(storage: string, upstream: string): string {
  return [
    `storage: ${JSON.stringify(join(storage, 'packages'))}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(join(storage, 'htpasswd'))}`,
    '    max_users: 10',
    'uplinks:',
    '  upstream:',
    `    url: ${JSON.stringify(upstream)}`,
    '    timeout: 60s',
    '    max_fails: 5',
    'packages:',
    "  '@quiver/*':",
    '    access: $all',
    '    publish: $authenticated',
    "  '@*/quiver-tool-*':",
    '    access: $all',
    '    publish: $authenticated',
    "  'quiver-tool-*':",
    '    access: $all',
    '    publish: $authenticated',
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    '    proxy: upstream',
    'max_body_size: 200mb',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n');
}

/** A free TCP port on 127.0.0.1 (the OS picks it; Verdaccio binds it right after). */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, deadline: number): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Verdaccio exited with ${child.exitCode}:\n${output()}`);
    const up = await fetch(`${url}-/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (Date.now() > deadline) throw new Error(`Verdaccio did not answer ${url}-/ping in time:\n${output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function createUser(url: string): Promise<string> {
  const name = 'quiver-release';
  const res = await fetch(`${url}-/user/org.couchdb.user:${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'release-test-password' }),
  });
  const body = (await res.json()) as { token?: string };
  if (!res.ok || !body.token) throw new Error(`Verdaccio refused to create a user: ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}

/**
 * Start Verdaccio (the npm package, as a child process) on 127.0.0.1 with its storage and
 * config in `storage`, proxying unknown names to `upstream`.
 * @example
 * const registry = await startRegistry(tmp, 'https://registry.npmjs.org/');
 * try { ... } finally { await registry.stop(); }
 */
export async function startRegistry(storage: string, upstream: string, startTimeoutMs = 60_000): Promise<LocalRegistry> {
  const config = join(storage, 'config.yaml');
  await writeFile(config, registryConfig(storage, upstream));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const bin = join(dirname(createRequire(import.meta.url).resolve('verdaccio/package.json')), 'bin/verdaccio');
  const child = spawn(process.execPath, [bin, '--config', config, '--listen', `127.0.0.1:${port}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    // Verdaccio warns on every slow password check under load: not worth keeping.
    const text = chunk.toString().replace(/^.*Password for user .* to verify\n?/gm, '');
    output = (output + text).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
    });
  try {
    await waitUntilUp(url, child, () => output, Date.now() + startTimeoutMs);
    return { url, pid: child.pid ?? 0, token: await createUser(url), log: () => output, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
