import type { ShellParser } from './load-parser.js';
import { shellDenial } from './shell-denial.js';
import type { SegmentOrigin, ShellSegment } from './shell-types.js';
import type { SourceText } from './source-text.js';

/** R9 limits. Exceeding any of them denies; none of them fails open. */
export const LIMITS = Object.freeze({
  /** Characters in the command (and in any script unwrapped from it). */
  maxLength: 65_536,
  /** Segments in the flat list, nested and unwrapped ones included. */
  maxSegments: 1_000,
  /** Substitutions, subshells, wrappers and scripts inside one another. */
  maxDepth: 32,
  /** Brackets open at once in the raw text, checked before parsing to keep the parser's stack safe. */
  maxBracketNesting: 128,
  /** Re-parses to align mvdan's comments with bash's (`"a"#b`); beyond it the comment denies. */
  maxCommentFixes: 64,
});

/** State shared by one analysis: the parser and the flat segment list being built. */
export interface AnalysisContext {
  parser: ShellParser;
  segments: ShellSegment[];
  /** Parse and walk a script found by R8 (`sh -c`, `eval`). */
  analyzeScript(text: string, origin: SegmentOrigin, depth: number): void;
}

/** Where a statement list sits: its text, how it was reached and how deep. */
export interface Level {
  src: SourceText;
  origin: SegmentOrigin;
  depth: number;
}

/** Append a segment, enforcing the R9 segment and depth limits. */
export function pushSegment(ctx: AnalysisContext, segment: ShellSegment): void {
  if (segment.depth > LIMITS.maxDepth) {
    throw shellDenial('R9', 'limit', `the command nests deeper than ${LIMITS.maxDepth} levels`, segment.text.slice(0, 80));
  }
  if (ctx.segments.length >= LIMITS.maxSegments) {
    throw shellDenial('R9', 'limit', `the command has more than ${LIMITS.maxSegments} segments`);
  }
  ctx.segments.push(segment);
}

/** The last path component of a command word (`/usr/bin/curl` → `curl`). */
export function lastPathComponent(value: string): string {
  const slash = value.lastIndexOf('/');
  return slash < 0 ? value : value.slice(slash + 1);
}
