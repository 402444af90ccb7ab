import { canonicalize } from './canonicalize.js';
import { similarity } from './similarity.js';

/** Where a hunk's context was found, and how loosely (0 = exactly). */
export interface ContextMatch {
  index: number;
  fuzz: number;
  /** For a miss: the most similar window and its similarity, for the error message. */
  best?: { index: number; similarity: number };
}

/** The similarity a window needs in the last, Levenshtein pass. */
export const MIN_SIMILARITY = 0.66;

const PASSES: { fuzz: number; norm: (s: string) => string }[] = [
  { fuzz: 0, norm: (s) => canonicalize(s) },
  { fuzz: 1, norm: (s) => canonicalize(s).trimEnd() },
  { fuzz: 100, norm: (s) => canonicalize(s).trim() },
];

/**
 * Find a hunk's context lines in the file from `start` on (SPEC Part B §15.3): canonical
 * equality, then per-line trimEnd (fuzz 1), then trim (fuzz 100), then the most similar
 * window by Levenshtein ≥ 0.66 (fuzz 1000). Empty context matches at `start`. For
 * `*** End of File` the end of the file is tried first; elsewhere costs fuzz 10 000.
 * With `levenshtein = false` only the strict passes run.
 */
export function findContext(lines: string[], context: string[], start: number, eof: boolean, levenshtein = true): ContextMatch {
  // No context: at the cursor, or for `*** End of File` at the end (before a final newline's empty element).
  if (context.length === 0)
    return { index: eof ? Math.max(start, lines.length - (lines[lines.length - 1] === '' ? 1 : 0)) : start, fuzz: 0 };
  if (eof) {
    // A file ending in a newline splits into a last empty element; the context may end before it.
    const ends = [lines.length - context.length];
    if (lines[lines.length - 1] === '') ends.push(lines.length - 1 - context.length);
    for (const at of ends) {
      if (at >= start) {
        const hit = matchAt(lines, context, Math.max(at, 0), at);
        if (hit) return hit;
      }
    }
    const loose = search(lines, context, start, levenshtein);
    return loose.index === -1 ? loose : { ...loose, fuzz: loose.fuzz + 10_000 };
  }
  return search(lines, context, start, levenshtein);
}

function matchAt(lines: string[], context: string[], from: number, to: number): ContextMatch | undefined {
  for (const pass of PASSES) {
    const wanted = context.map(pass.norm);
    for (let i = from; i <= to && i <= lines.length - context.length; i++) {
      if (wanted.every((w, j) => pass.norm(lines[i + j]) === w)) return { index: i, fuzz: pass.fuzz };
    }
  }
  return undefined;
}

function search(lines: string[], context: string[], start: number, levenshtein: boolean): ContextMatch {
  const exact = matchAt(lines, context, start, lines.length - context.length);
  if (exact) return exact;
  if (!levenshtein) return { index: -1, fuzz: 0 };
  const wanted = context.map(canonicalize).join('\n');
  let best = { index: -1, similarity: 0 };
  for (let i = start; i <= lines.length - context.length; i++) {
    const window = lines
      .slice(i, i + context.length)
      .map(canonicalize)
      .join('\n');
    const s = similarity(wanted, window, Math.max(best.similarity, 0.3));
    if (s > best.similarity) best = { index: i, similarity: s };
  }
  if (best.index !== -1 && best.similarity >= MIN_SIMILARITY) return { index: best.index, fuzz: 1000 };
  return { index: -1, fuzz: 0, best: best.index === -1 ? undefined : best };
}
