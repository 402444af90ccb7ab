import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CHILD_TIME_LIMIT_MS } from './child-limit.js';
import { GroupStdioTransport } from './group-stdio-transport.js';

/** An MCP server over stdio, driven by the official SDK client. */
export interface McpServerUnderTest {
  client: Client;
  /** The server's stdio, its process group and lifetime limit (`transport.timedOut` once it passed). */
  transport: GroupStdioTransport;
  /** Spawn to `tools/list` answered, ms. */
  startMs: number;
  /** The tool names `tools/list` returned. */
  tools: string[];
}

/** Options of {@link startMcpServer}. */
export interface StartOptions {
  /** The server's lifetime, ms: after it, its process group is killed and calls fail. @default CHILD_TIME_LIMIT_MS */
  limitMs?: number;
  /** What a time-out message calls the server. @default the command line */
  what?: string;
}

/**
 * Spawn `command args` in `cwd` (in a process group of its own, under a lifetime limit),
 * initialize, and wait for `tools/list`: the cold start a client feels. `env` adds to the SDK's
 * default environment (a peer's own HOME, say). Rejects with `TimedOut` when the limit passes
 * before `tools/list` is answered.
 */
export async function startMcpServer(
  command: string,
  args: string[],
  cwd: string,
  env?: Record<string, string>,
  options: StartOptions = {},
): Promise<McpServerUnderTest> {
  const began = performance.now();
  const what = options.what ?? [command, ...args].join(' ').slice(0, 120);
  const transport = new GroupStdioTransport({ command, args, cwd, env, what, limitMs: options.limitMs ?? CHILD_TIME_LIMIT_MS });
  const client = new Client({ name: 'quiver-bench', version: '1.0.0' }, { capabilities: {} });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    return { client, transport, startMs: performance.now() - began, tools: tools.map((t) => t.name) };
  } catch (e) {
    await client.close().catch(() => {});
    throw transport.timedOut ?? e;
  }
}

/**
 * Run `work` on a started server; when the server's lifetime limit kills it mid-way, reject
 * with its `TimedOut` instead of the connection error the SDK reports.
 */
export async function onServer<T>(server: McpServerUnderTest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw server.transport.timedOut ?? e;
  }
}

/** Milliseconds per call over `calls` sequential calls; every call must succeed. */
export async function timeCalls(calls: number, call: (i: number) => Promise<unknown>): Promise<number> {
  const began = performance.now();
  for (let i = 0; i < calls; i++) {
    const r = (await call(i)) as { isError?: boolean };
    if (r.isError) throw new Error(`call ${i} failed: ${JSON.stringify(r)}`);
  }
  return (performance.now() - began) / calls;
}

/** The peak resident set of a live process (VmHWM), in MiB. */
export function peakRssMb(pid: number | null | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
