/**
 * `N | text` numbering and the footers the model reads after a read (SPEC Part B §6, §14.3).
 */
import { lineWindow } from './line-window.js';
import { TRUNCATION_MARKER } from './truncate-content.js';

/**
 * Number `lines` from `first`: each becomes `<n> | <text>` (no padding), joined with `\n`.
 * @example numberLines(['a', 'b'], 7) // '7 | a\n8 | b'
 */
export function numberLines(lines: readonly string[], first: number): string {
  let out = '';
  for (let i = 0; i < lines.length; i++) out += `${i === 0 ? '' : '\n'}${first + i} | ${lines[i]}`;
  return out;
}

/**
 * The footer after lines `start`–`end` of `total`: a continuation hint when lines remain,
 * else the total.
 */
export function lineFooter(start: number, end: number, total: number): string {
  return end < total
    ? `\n\n(Showing lines ${start}-${end} of ${total} total. Use start_line=${end + 1} to continue reading.)`
    : `\n\n(File has ${total} lines total.)`;
}

/**
 * The file's line count as a read's footer states it (`of N total` or `has N lines total`),
 * or undefined when the text has no such footer (a truncated document, an image).
 * @example totalLinesOf('1 | a\n\n(File has 1 lines total.)') // 1
 */
export function totalLinesOf(text: string): number | undefined {
  const m = /\((?:File has (\d+) lines total|Showing lines \d+-\d+ of (\d+) total\.[^)]*)\.?\)$/.exec(text);
  return m ? Number(m[1] ?? m[2]) : undefined;
}

/**
 * Split text into lines as the baseline does: on `\r?\n`, a trailing newline adding no line.
 * @example splitLines('a\r\nb\n') // ['a', 'b']
 */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * Number a window of `content` and add its footer. A truncation notice at the end
 * (`\n\n---\n\n[FILE TRUNCATED: …`) is kept verbatim, unnumbered, in place of the footer.
 * Empty content is returned unchanged. See {@link lineWindow} for how the range is read.
 * @example
 * formatFileContentWithLineNumbers('alpha\nbeta') // '1 | alpha\n2 | beta\n\n(File has 2 lines total.)'
 */
export function formatFileContentWithLineNumbers(content: string, startLine?: number, endLine?: number): string {
  if (content === '') return '';
  const cut = content.indexOf(TRUNCATION_MARKER);
  const body = cut === -1 ? content : content.slice(0, cut);
  const suffix = cut === -1 ? '' : content.slice(cut);
  const lines = splitLines(body);
  const total = lines.length;
  const window = lineWindow(startLine, endLine);
  const end = Math.min(window.end, total);
  const shown = window.start <= end ? numberLines(lines.slice(window.start - 1, end), window.start) : '';
  return shown + (suffix || lineFooter(window.start, end, total));
}
