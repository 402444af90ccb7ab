import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import readFilePlugin from '@quiver/tool-read-file';
import { benchRuntime, type BenchContext } from '../bench-context.js';
import { result, type BenchResult } from '../bench-result.js';
import { peakRssMb, startMcpServer, timeCalls, type McpServerUnderTest } from '../mcp-client.js';
import { stats, type Paired } from '../measure.js';
import { summariseProfileDir } from '../profile.js';
import { runProcess } from '../run-process.js';

/**
 * `quiver mcp` over stdio, driven by the official SDK client: start to `tools/list` answered
 * (vs `node -e 0`), sequential small read_file calls (vs the same calls in-process through
 * the same pipeline: the difference is the transport), and the server's peak RSS after all
 * the calls (vs a bare `node -e`). Each round spawns a fresh server.
 */
export async function benchMcpStdio(ctx: BenchContext): Promise<BenchResult[]> {
  const calls = ctx.smoke ? 20 : 1000;
  const cwd = ctx.corpora.files;
  const m = await measureRounds(ctx, cwd, calls);
  const startRss = `peak RSS right after tools/list: ${stats(m.rssAtStart).median.toFixed(1)} MB (median)`;
  const rows = [
    result(
      {
        id: 'mcp-start',
        title: '`quiver mcp` start to `tools/list`',
        subjectLabel: 'spawn `quiver mcp --cwd <dir>`, initialize, tools/list answered',
        baselineLabel: 'node -e 0 (spawn to exit)',
        unit: 'ms',
        target: { kind: 'absolute', limit: 250 },
        notes: [`tools/list returned ${m.tools} tools (the default preset)`],
      },
      paired(m.start),
    ),
    result(
      {
        id: 'mcp-calls',
        title: `MCP stdio, ${calls} sequential read_file calls`,
        subjectLabel: `${calls} sequential tools/call read_file (small files) over stdio, per call`,
        baselineLabel: 'the same calls in-process through the same pipeline',
        unit: 'ms/call',
        target: { kind: 'absolute', limit: 0.5 },
      },
      paired(m.perCall),
    ),
    result(
      {
        id: 'mcp-rss',
        title: 'MCP server peak RSS after the run',
        subjectLabel: `VmHWM of the server after start, tools/list and ${calls} calls`,
        baselineLabel: 'maxRSS of a bare node -e',
        unit: 'MB',
        target: { kind: 'absolute', limit: 100 },
        notes: [startRss],
      },
      paired(m.rss),
    ),
  ];
  if (ctx.profileMisses && !rows[0].met) rows[0].profile = await profileServer(ctx, cwd, 0);
  // Three times the calls, so that start-up is a small part of the profile.
  if (ctx.profileMisses && !rows[1].met) rows[1].profile = await profileServer(ctx, cwd, calls * 3);
  return rows;
}

type Sides = { s: number[]; b: number[] };

interface Rounds {
  start: Sides;
  perCall: Sides;
  rss: Sides;
  rssAtStart: number[];
  /** Tools the server listed. */
  tools: number;
}

/** A warm-up round of each side, then `ctx.runs` rounds of each, alternating which goes first. */
async function measureRounds(ctx: BenchContext, cwd: string, calls: number): Promise<Rounds> {
  const files = ctx.corpora.small;
  const runtime = await benchRuntime(cwd, [{ plugin: readFilePlugin }]);
  const task = runtime.createTask();
  const m: Rounds = { start: { s: [], b: [] }, perCall: { s: [], b: [] }, rss: { s: [], b: [] }, rssAtStart: [], tools: 0 };
  const readCall = (i: number) => ({ name: 'read_file', arguments: { path: files[i % files.length] } });
  const serverRound = async () => {
    const server = await startServer(ctx, cwd);
    try {
      m.start.s.push(server.startMs);
      m.tools = server.tools.length;
      m.rssAtStart.push(peakRssMb(server.transport.pid));
      m.perCall.s.push(await timeCalls(calls, (i) => server.client.callTool(readCall(i))));
      m.rss.s.push(peakRssMb(server.transport.pid));
    } finally {
      await server.client.close();
    }
  };
  const baselineRound = async () => {
    m.start.b.push((await runProcess(process.execPath, ['-e', '0'])).ms);
    m.perCall.b.push(await timeCalls(calls, (i) => task.call('read_file', readCall(i).arguments)));
    const bare = await runProcess(process.execPath, ['-e', 'process.stdout.write(String(process.resourceUsage().maxRSS))'], {
      keepOutput: true,
    });
    m.rss.b.push(Number(bare.stdout) / 1024);
  };
  try {
    await serverRound(); // warm-up round: page cache, lazy imports on both sides
    await baselineRound();
    for (const side of [m.start, m.perCall, m.rss]) side.s.length = side.b.length = 0;
    m.rssAtStart.length = 0;
    for (let i = 0; i < ctx.runs; i++) {
      if (i % 2 === 0) await serverRound().then(baselineRound);
      else await baselineRound().then(serverRound);
    }
    return m;
  } finally {
    await task.dispose();
    await runtime.dispose();
  }
}

function paired(side: Sides): Paired {
  const subject = stats(side.s);
  const baseline = stats(side.b);
  return { subject, baseline, ratio: subject.median / baseline.median };
}

async function startServer(ctx: BenchContext, cwd: string, nodeArgs: string[] = []): Promise<McpServerUnderTest> {
  const server = await startMcpServer(process.execPath, [...nodeArgs, ctx.cliBin, 'mcp', '--cwd', cwd], cwd);
  if (!server.tools.includes('read_file')) throw new Error('quiver mcp does not offer read_file');
  return server;
}

async function profileServer(ctx: BenchContext, cwd: string, calls: number) {
  const files = ctx.corpora.small;
  const dir = join(ctx.scratch, 'mcp-profile');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const server = await startServer(ctx, cwd, ['--cpu-prof', '--cpu-prof-dir', dir]);
  try {
    await timeCalls(calls, (i) => server.client.callTool({ name: 'read_file', arguments: { path: files[i % files.length] } }));
  } finally {
    await server.client.close();
  }
  // The profile is written when the server exits, which it does once stdin closes.
  const what =
    calls === 0
      ? 'one `quiver mcp` server: start, initialize, tools/list, exit'
      : `one \`quiver mcp\` server: start, tools/list, ${calls} calls`;
  for (let i = 0; i < 100; i++) {
    try {
      const summary = summariseProfileDir(`${what} (node --cpu-prof)`, dir);
      if (summary) return summary;
    } catch {
      // still being written
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return undefined;
}
