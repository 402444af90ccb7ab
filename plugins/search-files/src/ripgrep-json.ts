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

  private startFile(path: string): void {
    this.current = { path, matches: [] };
    this.pending = [];
    this.last = undefined;
  }

  private addMatch(data: NonNullable<RgEvent['data']>): void {
    const path = decode(data.path);
    if (!this.current || this.current.path !== path) this.startFile(path);
    const file = this.current!;
    if (file.matches.length === 0) this.files.push(file);
    const match: SearchMatch = { line: data.line_number ?? 0, text: decode(data.lines), before: this.pending.map((p) => p.text), after: [] };
    file.matches.push(match);
    this.pending = [];
    this.last = match;
  }

  private addContext(data: NonNullable<RgEvent['data']>): void {
    const line = data.line_number ?? 0;
    const text = decode(data.lines);
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
