import type { Paired, Stats } from './measure.js';
import type { ProfileSummary } from './profile.js';

/**
 * What a figure must stay under. `ratio`: subject median / baseline median. `absolute`: the
 * subject median itself (in the result's unit). `added`: subject median − baseline median.
 */
export interface Target {
  kind: 'ratio' | 'absolute' | 'added';
  limit: number;
}

/** One row of the results table: a Quiver path beside its baseline, from the same run. */
export interface BenchResult {
  id: string;
  title: string;
  /** What was measured on the Quiver side, and what it was compared with. */
  subjectLabel: string;
  baselineLabel: string;
  /** Unit of the medians: `ms`, `µs/call`, `ms/call`, `MB`. */
  unit: string;
  subject: Stats;
  baseline: Stats;
  ratio: number;
  target: Target;
  /** The figure the target is judged on. */
  figure: number;
  met: boolean;
  /** Facts worth printing next to the row (entry counts, lines read). */
  notes: string[];
  /** Where the time goes on the Quiver side (recorded for misses). */
  profile?: ProfileSummary;
  /**
   * Why the row could not be measured in full: a measurement ran past its time limit and its
   * process group was killed. A row that timed out is never met.
   */
  timedOut?: string;
}

/** Build a result row from a paired measurement and its target. */
export function result(
  fields: Omit<BenchResult, 'subject' | 'baseline' | 'ratio' | 'figure' | 'met' | 'notes'> & { notes?: string[] },
  paired: Paired,
): BenchResult {
  const figure = judgedFigure(fields.target, paired);
  return {
    ...fields,
    notes: fields.notes ?? [],
    subject: paired.subject,
    baseline: paired.baseline,
    ratio: paired.ratio,
    figure,
    met: Number.isFinite(figure) && figure <= fields.target.limit,
  };
}

/**
 * The row of a benchmark that could not finish: a measurement ran past its time limit. Its
 * figures are NaN and it counts as a miss, so the report says "timed out" instead of hanging.
 */
export function timedOutResult(
  fields: Pick<BenchResult, 'id' | 'title' | 'subjectLabel' | 'baselineLabel' | 'unit' | 'target'>,
  why: string,
): BenchResult {
  const none: Stats = { median: Number.NaN, min: Number.NaN, max: Number.NaN, values: [] };
  return { ...fields, notes: [], subject: none, baseline: none, ratio: Number.NaN, figure: Number.NaN, met: false, timedOut: why };
}

function judgedFigure(target: Target, paired: Paired): number {
  if (target.kind === 'ratio') return paired.ratio;
  if (target.kind === 'absolute') return paired.subject.median;
  return paired.subject.median - paired.baseline.median;
}

/** The target as a reader sees it, e.g. `≤ 1.3×`, `< 50 ms`, `< 20 µs/call added`. */
export function describeTarget(target: Target, unit: string): string {
  if (!Number.isFinite(target.limit)) return '—';
  if (target.kind === 'ratio') return `≤ ${target.limit}×`;
  if (target.kind === 'absolute') return `< ${target.limit} ${unit}`;
  return `< ${target.limit} ${unit} added`;
}
