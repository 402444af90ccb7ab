/**
 * Reads ripgrep's `--json` event stream into results. A result is one match with the context
 * lines around it (SPEC Part B §7: context attaches before or after its match by line number).
 */

/** One match and its context lines. */
export interface SearchMatch {
  /** 1-based line number of the match. */
  line: number;
  text: string;
  before: string[];
  after: string[];
}

/** The matches found in one file. */
export interface FileMatches {
  /** The path as ripgrep printed it (absolute when the search directory is absolute). */
  path: string;
  matches: SearchMatch[];
}

/** Context lines per side, as passed to ripgrep's `--context`. */
export const CONTEXT_LINES = 1;

/** A line of a result is shown up to this many characters (a minified file is one huge line). */
export const MAX_LINE_CHARS = 500;

interface RgText {
  text?: string;
  bytes?: string;
}

interface RgEvent {
  type?: string;
  data?: { path?: RgText; lines?: RgText; line_number?: number | null };
}

/** Turns ripgrep JSON lines into {@link FileMatches}, one line at a time. */
export class RipgrepJsonReader {
  /** Files with at least one match, in ripgrep's order. */
  readonly files: FileMatches[] = [];
  private current: FileMatches | undefined;
  private pending: { line: number; text: string }[] = [];
  private last: SearchMatch | undefined;

  /** Feed one line of ripgrep's output; lines that are not JSON events are skipped. */
  push(line: string): void {
    let event: RgEvent;
    try {
      event = JSON.parse(line) as RgEvent;
    } catch {
      return;
    }
    const data = event.data;
    if (event.type === 'begin') this.startFile(decode(data?.path));
    else if (event.type === 'match' && data) this.addMatch(data);
    else if (event.type === 'context' && data) this.addContext(data);
    else if (event.type === 'end') this.current = undefined;
  }

  /**
   * An event line too long to buffer (see `runRipgrep`'s `onLongLine`): its type, path and
   * the start of its text come from the head, the line number from the tail when it is there.
   */
  pushLong(head: string, tail: string, length: number): void {
    const type = /^\{"type":"(\w+)"/.exec(head)?.[1];
    if (type !== 'match' && type !== 'context') return;
    const path = jsonStringAfter(head, '"path":{"text":"');
    if (path === undefined) return;
    const start = jsonStringAfter(head, '"lines":{"text":"', MAX_LINE_CHARS) ?? '';
    const lineNumber = Number(/"line_number":(\d+),"absolute_offset":\d+,"submatches":/.exec(tail)?.[1] ?? 0);
    const text = `${start} … [line cut at ${MAX_LINE_CHARS} characters: the line is over ${Math.floor(length / 1024)} KB]`;
    const data = { path: { text: path }, line_number: lineNumber };
    if (type === 'match') this.addMatch(data, text);
    else this.addContext(data, text);
  }

  private startFile(path: string): void {
    this.current = { path, matches: [] };
    this.pending = [];
    this.last = undefined;
  }

  private addMatch(data: NonNullable<RgEvent['data']>, text = capLine(decode(data.lines))): void {
    const path = decode(data.path);
    if (!this.current || this.current.path !== path) this.startFile(path);
    const file = this.current!;
    if (file.matches.length === 0) this.files.push(file);
    const match: SearchMatch = { line: data.line_number ?? 0, text, before: this.pending.map((p) => p.text), after: [] };
    file.matches.push(match);
    this.pending = [];
    this.last = match;
  }

  private addContext(data: NonNullable<RgEvent['data']>, text = capLine(decode(data.lines))): void {
    const line = data.line_number ?? 0;
    // A context line right after a match is its after-context; otherwise it leads the next match.
    if (this.last && line > this.last.line && line <= this.last.line + CONTEXT_LINES) this.last.after.push(text);
    else this.pending.push({ line, text });
  }
}

/** ripgrep writes non-UTF-8 paths and lines as base64 `bytes`. */
function decode(value: RgText | undefined): string {
  if (!value) return '';
  if (typeof value.text === 'string') return value.text;
  return typeof value.bytes === 'string' ? Buffer.from(value.bytes, 'base64').toString('utf8') : '';
}

/** A line cut to {@link MAX_LINE_CHARS}, saying so. */
function capLine(text: string): string {
  if (text.length <= MAX_LINE_CHARS) return text;
  const eol = text.endsWith('\n') ? '\n' : '';
  return `${text.slice(0, MAX_LINE_CHARS)} … [line cut at ${MAX_LINE_CHARS} of ${text.length} characters]${eol}`;
}

/**
 * The JSON string that starts right after `marker` in a cut-off JSON text, decoded, at most
 * `max` characters (the rest of the string may be missing). Undefined when the marker is absent.
 */
function jsonStringAfter(text: string, marker: string, max = 4096): string | undefined {
  const at = text.indexOf(marker);
  if (at === -1) return undefined;
  let raw = '';
  for (let i = at + marker.length; i < text.length && raw.length < max * 2; i++) {
    const ch = text[i];
    if (ch === '"') break;
    if (ch === '\\') {
      // Keep an escape only when it is complete (\uXXXX needs 4 more characters).
      const need = text[i + 1] === 'u' ? 6 : 2;
      if (i + need > text.length) break;
      raw += text.slice(i, i + need);
      i += need - 1;
    } else raw += ch;
  }
  try {
    return (JSON.parse(`"${raw}"`) as string).slice(0, max);
  } catch {
    return undefined;
  }
}
