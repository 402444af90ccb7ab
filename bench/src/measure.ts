import { performance } from 'node:perf_hooks';

/** Summary of one series of timings (or sizes): median, extremes, and the raw values. */
export interface Stats {
  median: number;
  min: number;
  max: number;
  values: number[];
}

/**
 * One timed run. Return nothing to be timed by wall clock around the call, or a number to
 * report a value measured inside (a child's own timing, a per-call average, a peak RSS).
 */
export type Runner = () => Promise<number | void> | number | void;

/** What {@link alternate} compares: the Quiver path and its baseline. */
export interface AlternateOptions {
  subject: Runner;
  baseline: Runner;
  /** Measured runs of each side. */
  runs: number;
  /** Unmeasured runs of each side first (JIT, page cache, lazy imports). @default 1 */
  warmup?: number;
}

/** The two series of an alternating comparison. */
export interface Paired {
  subject: Stats;
  baseline: Stats;
  /** median(subject) / median(baseline). */
  ratio: number;
}

/**
 * The median of a list (the mean of the middle two for an even count).
 * @example median([3, 1, 2]); // 2
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median, min and max of a series. */
export function stats(values: readonly number[]): Stats {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), values: [...values] };
}

/** Run once and return the runner's own figure, or the wall time in milliseconds. */
export async function timeOnce(run: Runner): Promise<number> {
  const start = performance.now();
  const reported = await run();
  const elapsed = performance.now() - start;
  return typeof reported === 'number' ? reported : elapsed;
}

/**
 * Run subject and baseline in alternation within the same process and moment, swapping
 * which goes first on every round, so machine noise (other processes, thermal state, page
 * cache) lands on both sides alike. The ratio compares medians.
 * @example
 * const p = await alternate({ subject: () => listFiles(dir), baseline: () => rgFiles(dir), runs: 7 });
 */
export async function alternate(options: AlternateOptions): Promise<Paired> {
  const { subject, baseline, runs } = options;
  for (let i = 0; i < (options.warmup ?? 1); i++) {
    await timeOnce(subject);
    await timeOnce(baseline);
  }
  const s: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      s.push(await timeOnce(subject));
      b.push(await timeOnce(baseline));
    } else {
      b.push(await timeOnce(baseline));
      s.push(await timeOnce(subject));
    }
  }
  const subjectStats = stats(s);
  const baselineStats = stats(b);
  return { subject: subjectStats, baseline: baselineStats, ratio: subjectStats.median / baselineStats.median };
}

/**
 * Time `calls` sequential calls and return microseconds per call: one sample of a
 * per-call cost too small to time alone.
 */
export async function perCallMicros(calls: number, call: (i: number) => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < calls; i++) await call(i);
  return ((performance.now() - start) * 1000) / calls;
}
