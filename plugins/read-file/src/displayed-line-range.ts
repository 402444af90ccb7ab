/**
 * Which lines a read showed, for hosts that highlight them (the baseline's
 * `getReadToolDisplayedLineRange`).
 */
import { lineWindow, parseLineNumber } from './line-window.js';
import { splitLines } from './format-line-numbers.js';
import { TRUNCATION_MARKER } from './truncate-content.js';

/**
 * The 1-based, inclusive range of lines a read of `content` with these parameters shows, or
 * undefined for an image read or when nothing is shown.
 * @param params the call's `start_line` / `end_line`, raw (numbers or numeric strings)
 * @param read the extracted text, and whether the read produced an image
 * @example displayedLineRange({ start_line: '3', end_line: '5' }, { text }) // { start: 3, end: 5 }
 */
export function displayedLineRange(
  params: { start_line?: unknown; end_line?: unknown },
  read: { text: string; image?: boolean },
): { start: number; end: number } | undefined {
  if (read.image) return undefined;
  const cut = read.text.indexOf(TRUNCATION_MARKER);
  const body = cut === -1 ? read.text : read.text.slice(0, cut);
  if (body === '') return undefined;
  const total = splitLines(body).length;
  const window = lineWindow(parseLineNumber(params.start_line), parseLineNumber(params.end_line));
  const end = Math.min(window.end, total);
  return window.start <= end ? { start: window.start, end } : undefined;
}
