import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

/** An MCP server over stdio, driven by the official SDK client. */
export interface McpServerUnderTest {
  client: Client;
  transport: StdioClientTransport;
  /** Spawn to `tools/list` answered, ms. */
  startMs: number;
  /** The tool names `tools/list` returned. */
  tools: string[];
}

/**
 * Spawn `command args` in `cwd`, initialize, and wait for `tools/list`: the cold start a client
 * feels. `env` adds to the SDK's default environment (a peer's own HOME, say).
 */
export async function startMcpServer(command: string, args: string[], cwd: string, env?: Record<string, string>): Promise<McpServerUnderTest> {
  const began = performance.now();
  const transport = new StdioClientTransport({ command, args, cwd, stderr: 'pipe', ...(env && Object.keys(env).length ? { env: { ...getDefaultEnvironment(), ...env } } : {}) });
  const client = new Client({ name: 'quiver-bench', version: '1.0.0' }, { capabilities: {} });
  await client.connect(transport);
  const { tools } = await client.listTools();
  return { client, transport, startMs: performance.now() - began, tools: tools.map((t) => t.name) };
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
