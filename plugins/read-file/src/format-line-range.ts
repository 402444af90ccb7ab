/**
 * The text of a range read: `N | text` lines and a footer. When the whole range fits and the
 * total is known, the footer is the baseline's (§6); otherwise it says why it stopped early
 * and how to go on.
 */
import { lineFooter, numberLines } from './format-line-numbers.js';
import type { LineWindow } from './line-window.js';
import type { LineRangeResult } from './read-line-range.js';
import { formatBytes } from './truncate-content.js';

/** What the footer needs to know about the file and the limits that applied. */
export interface RangeContext {
  /** The file's size in bytes. */
  size: number;
  /** The character budget of one read. */
  maxChars: number;
  /** Files up to this size get an exact line count. */
  countLimit: number;
}

/**
 * Number the lines of a range read and add its footer. An empty file gives ''.
 * @example formatLineRange({ lines: ['beta'], total: 3, cut: false, lineCut: false }, { start: 2, end: 2 }, ctx)
 * // '2 | beta\n\n(Showing lines 2-2 of 3 total. Use start_line=3 to continue reading.)'
 */
export function formatLineRange(result: LineRangeResult, window: LineWindow, context: RangeContext): string {
  const { lines, total } = result;
  if (total === 0) return '';
  const start = window.start;
  const end = start + lines.length - 1;
  const body = numberLines(lines, start);
  if (!result.cut && total !== undefined) return body + lineFooter(start, Math.min(window.end, total), total);
  const ofTotal =
    total !== undefined
      ? ` of ${total} total`
      : ` of a ${formatBytes(context.size)} file (its line count is not computed for files over ${formatBytes(context.countLimit)})`;
  const budget = formatBytes(context.maxChars);
  const reason = result.lineCut
    ? ` Line ${start} is longer than ${budget}, so only its first ${budget} is shown; use execute_command with cut -c or dd to read the rest of that line.`
    : result.cut
      ? ` Lines ${start}-${window.end} are more than ${budget}, so this read stops at line ${end}.`
      : '';
  const more = total === undefined || end < total ? ` Use start_line=${end + 1} to continue reading.` : '';
  return `${body}\n\n(Showing lines ${start}-${end}${ofTotal}.${reason}${more})`;
}
