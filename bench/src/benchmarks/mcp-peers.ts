import { isAbsolute, join } from 'node:path';
import type { BenchContext } from '../bench-context.js';
import { result, type BenchResult } from '../bench-result.js';
import { TimedOut } from '../child-limit.js';
import { onServer, peakRssMb, startMcpServer, timeCalls } from '../mcp-client.js';
import { stats } from '../measure.js';
import { desktopCommander, serverFilesystem, type Peer } from '../peers.js';

/** What one server did in one round. */
interface Round {
  startMs: number;
  smallMsPerCall: number;
  bigMsPerCall: number;
  rssMb: number;
}

/** The rows' figures per server, one entry per round. */
type Series = Record<keyof Round, number[]>;

const ROWS: { key: keyof Round; id: string; title: (calls: number) => string; unit: string; what: (calls: number) => string }[] = [
  {
    key: 'startMs',
    id: 'peer-start',
    title: () => '`quiver mcp` cold start to `tools/list` vs server-filesystem',
    unit: 'ms',
    what: () => 'spawn, initialize, tools/list answered',
  },
  {
    key: 'smallMsPerCall',
    id: 'peer-small-reads',
    title: (n) => `${n.toLocaleString('en')} sequential small reads over stdio vs server-filesystem`,
    unit: 'ms/call',
    what: (n) => `${n} sequential tools/call of a small file`,
  },
  {
    key: 'rssMb',
    id: 'peer-rss',
    title: () => 'MCP server peak RSS vs server-filesystem',
    unit: 'MB',
    what: (n) => `VmHWM after start, tools/list and ${n} small reads`,
  },
  {
    key: 'bigMsPerCall',
    id: 'peer-big-read',
    title: () => 'read of the 5,000-line file over stdio vs server-filesystem',
    unit: 'ms/call',
    what: () => 'tools/call reading the 5,000-line file',
  },
];

/**
 * One server's round (start, the small reads, the big reads) must end within this, ms, or its
 * process group is killed and the server is left out of the remaining rounds. A healthy round
 * takes a few seconds; Desktop Commander here takes ~0.6 s a call (strace shows it starting
 * `/bin/sh -c "python3 --version"` on every call, a pyenv shim on this machine), so its
 * 1,000-call rounds would take an hour.
 */
const ROUND_LIMIT_MS = 60_000;

/**
 * `quiver mcp` beside the reference MCP filesystem server (and Desktop Commander when it is
 * installed), same client, same files, rounds alternating: cold start to `tools/list`,
 * sequential small reads, a 5,000-line read, and the server's peak RSS. Quiver must be at or
 * under server-filesystem on start, small reads and memory (ratio ≤ 1). A server whose round
 * runs past {@link ROUND_LIMIT_MS} is killed and reported as timed out.
 */
export async function benchMcpPeers(ctx: BenchContext): Promise<BenchResult[]> {
  const calls = ctx.smoke ? 20 : 1000;
  const bigCalls = ctx.smoke ? 3 : 50;
  const cwd = ctx.corpora.files;
  const reference = serverFilesystem();
  const others = [desktopCommander()].filter((p): p is Peer => p !== undefined);
  const quiver = (round: string): Promise<Round> =>
    serverRound(
      `quiver mcp ${round}`,
      process.execPath,
      [ctx.cliBin, 'mcp', '--cwd', cwd],
      cwd,
      calls,
      bigCalls,
      (i) => ({ name: 'read_file', arguments: { path: ctx.corpora.small[i % ctx.corpora.small.length] } }),
      { name: 'read_file', arguments: { path: ctx.corpora.source } },
    );
  const peer =
    (p: Peer) =>
    (round: string): Promise<Round> =>
      serverRound(
        `${p.package} ${round}`,
        process.execPath,
        [p.bin, ...p.args(cwd)],
        cwd,
        calls,
        bigCalls,
        (i) => p.read(join(cwd, ctx.corpora.small[i % ctx.corpora.small.length])),
        p.read(isAbsolute(ctx.corpora.source) ? ctx.corpora.source : join(cwd, ctx.corpora.source)),
        p.env?.(ctx.scratch, cwd),
      );
  const sides = [quiver, peer(reference), ...others.map(peer)];
  const series = sides.map(() => emptySeries());
  const timedOut: (TimedOut | undefined)[] = sides.map(() => undefined);
  const runs = Math.max(ctx.runs, ctx.smoke ? 1 : 5);
  for (let i = -1; i < runs; i++) {
    // Round -1 warms the page cache and the JIT of the client; each later round rotates the order.
    const order = sides.map((_, k) => (k + Math.max(i, 0)) % sides.length);
    for (const k of order) {
      if (timedOut[k]) continue;
      let round: Round;
      try {
        round = await sides[k](i < 0 ? 'warm-up round' : `round ${i + 1} of ${runs}`);
      } catch (e) {
        if (!(e instanceof TimedOut)) throw e;
        timedOut[k] = e;
        ctx.log(`  ${e.message}; left out of the remaining rounds`);
        continue;
      }
      if (i >= 0) for (const key of Object.keys(round) as (keyof Round)[]) series[k][key].push(round[key]);
    }
  }
  const notes = [
    `server-filesystem: ${reference.package}@${reference.version} (node ${reference.bin.split('/node_modules/').pop()}), reads with read_text_file (whole file); Quiver reads with read_file (line-numbered, a 1,000-line window of the big file)`,
    ...others.map((p, j) =>
      timedOut[j + 2]
        ? `${p.package}@${p.version}: not measured, ${timedOut[j + 2]!.message} (limit per round ${ROUND_LIMIT_MS / 1000} s)`
        : `${p.package}@${p.version} in the same rounds: ${ROWS.map((r) => `${r.key} ${stats(series[j + 2][r.key]).median.toFixed(2)} ${r.unit}`).join(', ')}`,
    ),
  ];
  const stopped = [timedOut[0], timedOut[1]].filter((e): e is TimedOut => e !== undefined);
  return ROWS.map((row) => {
    const subject = stats(series[0][row.key]);
    const baseline = stats(series[1][row.key]);
    const target = row.key === 'bigMsPerCall' ? ({ kind: 'absolute', limit: 5 } as const) : ({ kind: 'ratio', limit: 1 } as const);
    const r = result(
      {
        id: row.id,
        title: row.title(calls),
        subjectLabel: `quiver mcp: ${row.what(calls)}`,
        baselineLabel: `server-filesystem: ${row.what(calls)}`,
        unit: row.unit,
        target,
        notes,
      },
      { subject, baseline, ratio: subject.median / baseline.median },
    );
    // Figures from the rounds that finished stay in the table; the verdict says what stopped.
    if (stopped.length)
      return { ...r, met: false, timedOut: `${stopped.map((e) => e.message).join('; ')} (limit per round ${ROUND_LIMIT_MS / 1000} s)` };
    return r;
  });
}

function emptySeries(): Series {
  return { startMs: [], smallMsPerCall: [], bigMsPerCall: [], rssMb: [] };
}

type Call = { name: string; arguments: Record<string, unknown> };

async function serverRound(
  what: string,
  command: string,
  args: string[],
  cwd: string,
  calls: number,
  bigCalls: number,
  small: (i: number) => Call,
  big: Call,
  env?: Record<string, string>,
): Promise<Round> {
  const server = await startMcpServer(command, args, cwd, env, { limitMs: ROUND_LIMIT_MS, what });
  try {
    return await onServer(server, async () => {
      const smallMsPerCall = await timeCalls(calls, (i) => server.client.callTool(small(i)));
      const rssMb = peakRssMb(server.transport.pid);
      const bigMsPerCall = await timeCalls(bigCalls, () => server.client.callTool(big));
      return { startMs: server.startMs, smallMsPerCall, bigMsPerCall, rssMb };
    });
  } finally {
    await server.client.close();
  }
}
