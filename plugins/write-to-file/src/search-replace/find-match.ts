/** Where a SEARCH text matched, in the (LF-normalised) file. */
export interface SearchMatch {
  start: number;
  end: number;
  /** How it matched: exactly, line by line ignoring surrounding whitespace, or by first/last line. */
  method: 'exact' | 'trimmed' | 'anchor';
}

/**
 * Find a SEARCH text in the file, as the baseline's v1 does, from the cursor forward: exact,
 * then line-trimmed, then block anchor (first and last line, 3+ lines). Quiver then looks at
 * the whole file with the same three methods, so an out-of-order block matches whichever way
 * it is written (the baseline's fallbacks never looked back). The caller decides what a match
 * behind the cursor means.
 */
export function findMatch(content: string, search: string, cursor: number): SearchMatch | undefined {
  return matchFrom(content, search, cursor) ?? (cursor > 0 ? matchFrom(content, search, 0) : undefined);
}

function matchFrom(content: string, search: string, from: number): SearchMatch | undefined {
  const exact = content.indexOf(search, from);
  if (exact !== -1) return { start: exact, end: exact + search.length, method: 'exact' };
  const lines = content.split('\n');
  const searchLines = splitSearch(search);
  const startLine = lineAtOrAfter(lines, from);
  return trimmedMatch(lines, searchLines, startLine, content.length) ?? anchorMatch(lines, searchLines, startLine, content.length);
}

/** The SEARCH text as lines, without the empty string after its final newline. */
export function splitSearch(search: string): string[] {
  const lines = search.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The first line that starts at or after `offset`. */
function lineAtOrAfter(lines: string[], offset: number): number {
  let line = 0;
  for (let pos = 0; pos < offset && line < lines.length; line++) pos += lines[line].length + 1;
  return line;
}

function trimmedMatch(lines: string[], search: string[], from: number, length: number): SearchMatch | undefined {
  if (search.length === 0) return undefined;
  const wanted = search.map((l) => l.trim());
  for (let i = from; i <= lines.length - search.length; i++) {
    if (wanted.every((w, j) => lines[i + j].trim() === w)) return span(lines, i, search.length, length, 'trimmed');
  }
  return undefined;
}

function anchorMatch(lines: string[], search: string[], from: number, length: number): SearchMatch | undefined {
  if (search.length < 3) return undefined; // with 1–2 lines the trimmed match already checked them all
  const first = search[0].trim();
  const last = search[search.length - 1].trim();
  for (let i = from; i <= lines.length - search.length; i++) {
    if (lines[i].trim() === first && lines[i + search.length - 1].trim() === last) return span(lines, i, search.length, length, 'anchor');
  }
  return undefined;
}

/** Character range of `count` whole lines from line `first`, newlines included. */
function span(lines: string[], first: number, count: number, length: number, method: SearchMatch['method']): SearchMatch {
  let start = 0;
  for (let k = 0; k < first; k++) start += lines[k].length + 1;
  let end = start;
  for (let k = first; k < first + count; k++) end += lines[k].length + 1;
  // The last line of a file without a final newline has no `\n` to include.
  return { start, end: Math.min(end, length), method };
}
