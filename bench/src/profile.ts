import { readdirSync, readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/** One function's share of a CPU profile. */
export interface HotFunction {
  /** `name (file:line)`, paths shortened to the package. */
  name: string;
  /** Self time in milliseconds. */
  selfMs: number;
  /** Share of the sampled time, 0–100. */
  percent: number;
}

/** Where the time went: the top functions by self time, and the top packages. */
export interface ProfileSummary {
  /** What was profiled, e.g. "3 list_files calls in-process". */
  what: string;
  totalMs: number;
  top: HotFunction[];
  /** Self time grouped by package or Node internal module. */
  byPackage: HotFunction[];
  /** Shares of the sampled time spent idle (waiting on I/O), in GC, and in V8 itself, 0–100. */
  idlePercent: number;
  gcPercent: number;
  programPercent: number;
}

/** Pseudo-frames that are not code: reported as shares, not as hot functions. */
const META = new Set(['(idle)', '(garbage collector)', '(program)', '(root)']);

interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: CpuProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Profile `run` in this process with the V8 sampling profiler (the same data as
 * `node --cpu-prof`), then summarise it.
 */
export async function profileInProcess(what: string, run: () => Promise<unknown>): Promise<ProfileSummary> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    await run();
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    return summariseProfile(what, profile);
  } finally {
    session.disconnect();
  }
}

/** Summarise the first `.cpuprofile` that `node --cpu-prof --cpu-prof-dir dir` wrote. */
export function summariseProfileDir(what: string, dir: string): ProfileSummary | undefined {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return undefined;
  return summariseProfile(what, JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile);
}

/** Self time per function and per package, heaviest first. */
export function summariseProfile(what: string, profile: CpuProfile, topN = 8): ProfileSummary {
  const sampleTime = new Map<number, number>();
  profile.samples.forEach((id, i) => sampleTime.set(id, (sampleTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let totalMs = 0;
  for (const node of profile.nodes) {
    const ms = sampleTime.get(node.id) ?? 0;
    if (ms === 0) continue;
    totalMs += ms;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = shortUrl(url);
    const key = where ? `${functionName || '(anonymous)'} (${where}:${lineNumber + 1})` : functionName;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    const pkg = packageOf(url) || functionName;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
  }
  const share = (name: string) => (totalMs > 0 ? ((byFunction.get(name) ?? 0) * 100) / totalMs : 0);
  const rank = (m: Map<string, number>): HotFunction[] =>
    [...m]
      .filter(([name]) => !META.has(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, topN)
      .map(([name, selfMs]) => ({ name, selfMs, percent: totalMs > 0 ? (selfMs * 100) / totalMs : 0 }));
  return {
    what,
    totalMs,
    top: rank(byFunction),
    byPackage: rank(byPackage),
    idlePercent: share('(idle)'),
    gcPercent: share('(garbage collector)'),
    programPercent: share('(program)'),
  };
}

/** `file:///…/node_modules/.pnpm/zod@4/node_modules/zod/v4/x.js` → `zod@4/…/x.js`; repo paths relative. */
function shortUrl(url: string): string {
  if (url === '') return '';
  const pnpm = /node_modules\/\.pnpm\/([^/]+)\/node_modules\/(.*)$/.exec(url);
  if (pnpm) return `${pnpm[1]}:${pnpm[2].split('/').slice(-2).join('/')}`;
  const repo = /\/(packages|plugins|apps|bench)\/(.*)$/.exec(url);
  if (repo) return `${repo[1]}/${repo[2]}`;
  return url.replace(/^file:\/\//, '');
}

function packageOf(url: string): string {
  if (url === '') return '';
  const pnpm = /node_modules\/\.pnpm\/([^/]+)\//.exec(url);
  if (pnpm) return pnpm[1];
  const repo = /\/(packages|plugins|apps|bench)\/([^/]+)\//.exec(url);
  if (repo) return `${repo[1]}/${repo[2]}`;
  if (url.startsWith('node:')) return url.split('/').slice(0, 3).join('/');
  return url;
}
