// Test-only: the built `quiver mcp` on raw pipes, no SDK client in between, so the tests see
// exactly what goes over stdio (oversized lines, malformed JSON, batches). Not part of the CLI's API.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { BIN } from './mcp-test-kit.js';

/** One JSON-RPC message the server wrote. */
export type RawMessage = {
  id?: string | number | null;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
  method?: string;
};

/** A spawned `quiver mcp` and its stdout, line by line. */
export interface RawMcpPipe {
  readonly child: ChildProcessWithoutNullStreams;
  /** Write bytes to its stdin (a line must end with `\n`). Resolves once they are taken. */
  write(data: string | Buffer): Promise<void>;
  /** The next message matching `match`, waiting at most `ms`. */
  next(match: (m: RawMessage) => boolean, ms?: number): Promise<RawMessage>;
  /** Send a request and wait for its answer. */
  request(id: number, method: string, params?: unknown): Promise<RawMessage>;
  stderr(): string;
  close(): Promise<void>;
}

/** Spawn `quiver mcp --cwd <dir>` and initialize it. */
export async function openRawPipe(dir: string): Promise<RawMcpPipe> {
  const child = spawn(process.execPath, [BIN, 'mcp', '--cwd', dir], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
  const seen: RawMessage[] = [];
  const waiters: (() => void)[] = [];
  let rest = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  child.stdout.on('data', (d: Buffer) => {
    rest += d.toString();
    for (let nl = rest.indexOf('\n'); nl !== -1; nl = rest.indexOf('\n')) {
      const line = rest.slice(0, nl);
      rest = rest.slice(nl + 1);
      if (line.trim()) seen.push(JSON.parse(line) as RawMessage);
    }
    waiters.splice(0).forEach((w) => w());
  });
  const pipe: RawMcpPipe = {
    child,
    write: (data) => new Promise((resolve, reject) => child.stdin.write(data, (e) => (e ? reject(e) : resolve()))),
    async next(match, ms = 30_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const i = seen.findIndex(match);
        if (i !== -1) return seen.splice(i, 1)[0];
        if (child.exitCode !== null) throw new Error(`quiver mcp exited (${child.exitCode}): ${err}`);
        if (Date.now() > deadline) throw new Error(`no matching message within ${ms} ms; stderr: ${err}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    async request(id, method, params) {
      await pipe.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) })}\n`);
      return pipe.next((m) => m.id === id);
    },
    stderr: () => err,
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    },
  };
  const init = await pipe.request(0, 'initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw-pipe', version: '1' },
  });
  if (!init.result) throw new Error(`initialize failed: ${JSON.stringify(init)}`);
  await pipe.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  return pipe;
}
