/** The lines of the file that come closest to a SEARCH text that did not match. */
export interface ClosestMatch {
  /** 1-based line where the closest window starts. */
  line: number;
  /** 0..1, the mean per-line similarity. */
  similarity: number;
  /** The file's lines in that window. */
  lines: string[];
  /** The first line that differs (exactly, whitespace included), if any. */
  firstDifference?: { line: number; search: string; file: string };
}

// Scoring every window is lines × search lines comparisons; past this budget only windows that
// share at least one (trimmed) line with the SEARCH text are scored.
const FULL_SCAN_BUDGET = 2_000_000;

/**
 * Find the window of the file most like the SEARCH lines, so an error can point the model at
 * the lines it probably meant and the first place they differ.
 */
export function closestMatch(fileLines: string[], searchLines: string[]): ClosestMatch | undefined {
  if (searchLines.length === 0 || fileLines.length === 0) return undefined;
  const k = Math.min(searchLines.length, fileLines.length);
  const wanted = searchLines.map((l) => l.trim());
  let best = -1;
  let bestStart = 0;
  for (const start of candidateStarts(fileLines, wanted, k)) {
    let total = 0;
    for (let j = 0; j < k; j++) total += lineSimilarity(fileLines[start + j].trim(), wanted[j]);
    const score = total / searchLines.length;
    if (score > best) [best, bestStart] = [score, start];
  }
  if (best < 0) return undefined;
  const lines = fileLines.slice(bestStart, bestStart + k);
  return { line: bestStart + 1, similarity: best, lines, firstDifference: firstDifference(lines, searchLines, bestStart) };
}

function candidateStarts(fileLines: string[], wanted: string[], k: number): Iterable<number> {
  const last = fileLines.length - k;
  if ((last + 1) * k <= FULL_SCAN_BUDGET) return Array.from({ length: last + 1 }, (_, i) => i);
  const index = new Map<string, number[]>();
  wanted.forEach((w, j) => {
    if (w !== '') index.set(w, [...(index.get(w) ?? []), j]);
  });
  const starts = new Set<number>();
  fileLines.forEach((line, p) => {
    for (const j of index.get(line.trim()) ?? []) if (p - j >= 0 && p - j <= last) starts.add(p - j);
  });
  return starts;
}

function firstDifference(lines: string[], search: string[], start: number): ClosestMatch['firstDifference'] {
  for (let j = 0; j < search.length; j++) {
    const file = lines[j] ?? '';
    if (file !== search[j]) return { line: start + j + 1, search: search[j], file };
  }
  return undefined;
}

/** Dice coefficient of character bigrams: cheap, and tolerant of small edits. */
export function lineSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const counts = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) {
    const g = a.slice(i, i + 2);
    counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const g = b.slice(i, i + 2);
    const n = counts.get(g) ?? 0;
    if (n > 0) {
      shared++;
      counts.set(g, n - 1);
    }
  }
  return (2 * shared) / (a.length - 1 + (b.length - 1));
}
