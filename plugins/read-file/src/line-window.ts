/**
 * Line-range parameters: parsing what the model sent and turning it into the window to show
 * (SPEC Part B §6 "Formatting").
 */

/** Lines shown when the model gives no `end_line`. */
export const DEFAULT_MAX_LINES = 1000;

/**
 * Read a `start_line` / `end_line` value: a number or a numeric string (`"12"`, `" 7 "`),
 * truncated to an integer. Anything else — empty, `"abc"`, `NaN`, null — is ignored
 * (undefined), as the baseline ignores non-numeric values.
 */
export function parseLineNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return undefined;
  return Math.trunc(Number(text));
}

/** The 1-based, inclusive window of lines to show, before clamping to the file's length. */
export interface LineWindow {
  start: number;
  end: number;
}

/**
 * The window for a start and end line: start = max(1, start ?? 1); end = max(1, end) when
 * given, else start + 999. An explicit end before the start is swapped, so (5, 3) shows 3–5.
 * @example lineWindow(5, 3) // { start: 3, end: 5 }
 */
export function lineWindow(startLine?: number, endLine?: number): LineWindow {
  let start = Math.max(1, startLine ?? 1);
  let end = endLine === undefined ? start + DEFAULT_MAX_LINES - 1 : Math.max(1, endLine);
  if (end < start) [start, end] = [end, start];
  return { start, end };
}
