/** A text with its line endings normalised to LF, and the way back to the original offsets. */
export interface NormalizedText {
  /** The text with every CRLF turned into LF. */
  text: string;
  /** The line ending new lines should get: the file's dominant one. */
  eol: '\n' | '\r\n';
  /** Map an offset in `text` to the same place in the original text. */
  toRaw(offset: number): number;
}

/**
 * Normalise CRLF to LF so SEARCH text (always LF) can match, while remembering where each CR
 * was. Untouched parts of the file are later copied from the original, so a file with mixed
 * endings keeps every line it did not edit byte for byte.
 */
export function normalizeLineEndings(raw: string): NormalizedText {
  const crlfAt: number[] = []; // offsets (in the normalised text) of LFs that were CRLF
  let text = '';
  let last = 0;
  let removed = 0;
  for (let i = raw.indexOf('\r\n'); i !== -1; i = raw.indexOf('\r\n', i + 2)) {
    text += raw.slice(last, i);
    crlfAt.push(i - removed);
    removed++;
    last = i + 1;
  }
  text += raw.slice(last);
  const lfCount = countChar(text, '\n');
  const eol = crlfAt.length > 0 && crlfAt.length >= lfCount - crlfAt.length ? '\r\n' : '\n';
  return { text, eol, toRaw: (offset) => offset + countBelow(crlfAt, offset) };
}

/** Give LF-only text the given line ending. */
export function applyLineEnding(text: string, eol: '\n' | '\r\n'): string {
  return eol === '\n' ? text : text.replace(/\n/g, '\r\n');
}

function countChar(text: string, ch: string): number {
  let n = 0;
  for (let i = text.indexOf(ch); i !== -1; i = text.indexOf(ch, i + 1)) n++;
  return n;
}

/** How many sorted values are < offset (binary search). */
function countBelow(sorted: number[], offset: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
