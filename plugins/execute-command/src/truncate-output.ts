/** Limits for a command's output in a tool result (SPEC Part B §3). */
export interface OutputLimits {
  /** Output with more lines than this is cut. @default 500 */
  maxLines: number;
  /** Lines kept from the start of cut output. @default 250 */
  headLines: number;
  /** Lines kept from the end of cut output. @default 250 */
  tailLines: number;
  /** Output longer than this (in characters) is cut, whatever its line count. @default 524288 */
  maxChars: number;
}

/** The baseline's limits: 500 lines (250 head + 250 tail), and 512 KB. */
export const DEFAULT_OUTPUT_LIMITS: Readonly<OutputLimits> = Object.freeze({
  maxLines: 500,
  headLines: 250,
  tailLines: 250,
  maxChars: 512 * 1024,
});

/** How much of the output a cut left out. */
export interface OmittedOutput {
  /** Whole lines not shown. */
  lines: number;
  /** Characters not shown (of cut lines too). */
  chars: number;
}

/**
 * The line that replaces the middle of cut output: the baseline's `... (output truncated) ...`
 * with what was left out, so the model knows how much it did not see (and can rerun the
 * command through `grep`, `head` or `tail`).
 * @example
 * truncationMarker({ lines: 1500, chars: 90_000 }); // '... (output truncated: 1,500 lines omitted) ...'
 */
export function truncationMarker(omitted: OmittedOutput): string {
  const what =
    omitted.lines > 0
      ? `${omitted.lines.toLocaleString('en')} line${omitted.lines === 1 ? '' : 's'}`
      : `${omitted.chars.toLocaleString('en')} characters`;
  return `... (output truncated: ${what} omitted) ...`;
}

/** The size of an output: its lines (a final newline does not start another) and characters. */
export interface OutputSize {
  lines: number;
  chars: number;
}

/**
 * Cut output that is over the limits down to its head and tail, with a
 * {@link truncationMarker} between them. Output within the limits is returned unchanged.
 * @param text The whole output.
 * @param limits Overrides for {@link DEFAULT_OUTPUT_LIMITS}.
 * @example
 * truncateOutput(lines(600).join('\n')); // lines 1–250, '... (output truncated: 100 lines omitted) ...', lines 351–600
 */
export function truncateOutput(text: string, limits: Partial<OutputLimits> = {}): string {
  const l = { ...DEFAULT_OUTPUT_LIMITS, ...limits };
  const lines = countLines(text);
  if (text.length <= l.maxChars && lines <= l.maxLines) return text;
  return joinHeadAndTail(text, text, { lines, chars: text.length }, l);
}

/**
 * Join the head of one text and the tail of another around a {@link truncationMarker}: the
 * first `headLines` lines of `head` and the last `tailLines` lines of `tail`, each part also
 * kept within half of `maxChars`. Used when the middle of the output was never kept in memory.
 * @param head Text whose start is kept.
 * @param tail Text whose end is kept.
 * @param total The size of the whole output (for the count of what is left out).
 * @param limits Overrides for {@link DEFAULT_OUTPUT_LIMITS}.
 */
export function joinHeadAndTail(head: string, tail: string, total: OutputSize, limits: Partial<OutputLimits> = {}): string {
  const l = { ...DEFAULT_OUTPUT_LIMITS, ...limits };
  const half = Math.floor(l.maxChars / 2);
  const start = firstLines(head, l.headLines).slice(0, half);
  const endLines = lastLines(tail, l.tailLines);
  const end = endLines.slice(Math.max(0, endLines.length - half));
  // Lines shown in part count as shown.
  const shown = countLines(start) + countLines(end);
  const omitted = { lines: Math.max(0, total.lines - shown), chars: Math.max(0, total.chars - start.length - end.length) };
  return `${start}\n${truncationMarker(omitted)}\n${end}`;
}

/** Lines in a text; a final newline does not start another line. */
export function countLines(text: string): number {
  if (text === '') return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n - 1 : n;
}

function firstLines(text: string, count: number): string {
  let end = -1;
  for (let i = 0; i < count; i++) {
    const next = text.indexOf('\n', end + 1);
    if (next === -1) return text;
    end = next;
  }
  return text.slice(0, end);
}

function lastLines(text: string, count: number): string {
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  let start = body.length;
  for (let i = 0; i < count; i++) {
    if (start <= 0) return body;
    const prev = body.lastIndexOf('\n', start - 1);
    if (prev === -1) return body;
    start = prev;
  }
  return body.slice(start + 1);
}
