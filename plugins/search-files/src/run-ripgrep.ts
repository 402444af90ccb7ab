/**
 * Runs the ripgrep binary and streams its stdout line by line, stopping (and killing rg)
 * after a number of lines, as the baseline does, since rg has no limit on results across files.
 */
import { spawn } from 'node:child_process';
import { ERROR_CODES, quiverError } from '@quiver/core';
import { SEARCH_ERRORS } from './search-errors.js';

/** JSON lines read at most: 300 results × 5 lines (SPEC Part B §7). */
export const MAX_RG_LINES = 1500;

/** stderr kept at most, for the error message. */
const MAX_STDERR = 16 * 1024;

/**
 * A JSON line longer than this is not buffered whole (a 20 MB single-line file makes a 20 MB
 * event): only its head and tail are kept and handed to `onLongLine`. rg's `--max-columns`
 * does not apply to `--json`, so the cap has to be here.
 */
export const MAX_JSON_LINE = 256 * 1024;

/** How much of an over-long line's start and end is kept. */
export const LONG_LINE_KEEP = 8 * 1024;

/** The default time limit of one rg run. */
export const RG_TIMEOUT_MS = 30_000;

/** What {@link runRipgrep} needs. */
export interface RipgrepRun {
  /** The rg executable. */
  rgPath: string;
  args: readonly string[];
  /** Called for each stdout line, at most `maxLines` times. */
  onLine(line: string): void;
  /** @default MAX_RG_LINES */
  maxLines?: number;
  /** Kills rg and rejects with `QUIVER_ERR_TOOL_ABORTED`. */
  signal?: AbortSignal;
  /** Called instead of `onLine` for a line over {@link MAX_JSON_LINE}: its first and last bytes and its length. */
  onLongLine?(head: string, tail: string, length: number): void;
  /** rg is killed after this long and the results so far stand. @default RG_TIMEOUT_MS */
  timeoutMs?: number;
}

/** How rg ended. */
export interface RipgrepExit {
  /** rg's exit code: 0 matches, 1 none, 2 an error; null when it was killed. */
  code: number | null;
  /** rg's stderr (trimmed, capped). */
  stderr: string;
  /** True when the line limit was reached and rg was stopped. */
  cut: boolean;
  /** True when the time limit stopped rg. */
  timedOut: boolean;
}

/**
 * Run rg to completion or to the line limit.
 * @example
 * const exit = await runRipgrep({ rgPath, args: ['--json', '-e', 'TODO', dir], onLine: (l) => reader.push(l) });
 */
export function runRipgrep(run: RipgrepRun): Promise<RipgrepExit> {
  const maxLines = run.maxLines ?? MAX_RG_LINES;
  return new Promise((resolve, reject) => {
    if (run.signal?.aborted) return reject(aborted());
    const child = spawn(run.rgPath, run.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    let cut = false;
    let timedOut = false;
    let stderr = '';
    const stop = (): void => {
      cut = true;
      child.stdout.removeAllListeners('data');
      child.stdout.destroy();
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, run.timeoutMs ?? RG_TIMEOUT_MS);
    const onAbort = (): void => void child.kill('SIGKILL');
    run.signal?.addEventListener('abort', onAbort, { once: true });
    const splitter = lineSplitter(
      (line) => {
        if (lines >= maxLines) return false;
        lines++;
        run.onLine(line);
        return true;
      },
      (head, tail, length) => {
        if (lines >= maxLines) return false;
        lines++;
        run.onLongLine?.(head, tail, length);
        return true;
      },
    );
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (!splitter.push(chunk)) stop();
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < MAX_STDERR) stderr += chunk;
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      reject(
        quiverError(SEARCH_ERRORS.SEARCH_FAILED, `Could not run ripgrep (${run.rgPath}): ${e.message}`, { tool: 'search_files', cause: e }),
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      if (run.signal?.aborted) return reject(aborted());
      if (!cut) splitter.end();
      resolve({ code: cut ? null : code, stderr: stderr.trim().slice(0, MAX_STDERR), cut, timedOut });
    });
  });
}

/**
 * Split a stream into lines with bounded memory: a line is buffered up to {@link MAX_JSON_LINE};
 * past that only its head and a rolling tail are kept. Each callback returns false to stop.
 */
function lineSplitter(onLine: (line: string) => boolean, onLong: (head: string, tail: string, length: number) => boolean) {
  let rest = '';
  let long: { head: string; tail: string; length: number } | undefined;
  const finish = (piece: string): boolean => {
    if (!long) return onLine(rest + piece);
    const done = { ...long, tail: (long.tail + piece).slice(-LONG_LINE_KEEP), length: long.length + piece.length };
    long = undefined;
    return onLong(done.head, done.tail, done.length);
  };
  const grow = (piece: string): void => {
    if (long) {
      long.tail = (long.tail + piece).slice(-LONG_LINE_KEEP);
      long.length += piece.length;
    } else if (rest.length + piece.length > MAX_JSON_LINE) {
      const all = rest + piece;
      long = { head: all.slice(0, LONG_LINE_KEEP), tail: all.slice(-LONG_LINE_KEEP), length: all.length };
      rest = '';
    } else rest += piece;
  };
  return {
    push(chunk: string): boolean {
      let from = 0;
      for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', from)) {
        const ok = finish(chunk.slice(from, nl));
        rest = '';
        from = nl + 1;
        if (!ok) return false;
      }
      grow(chunk.slice(from));
      return true;
    },
    end(): void {
      if (rest !== '' || long) finish('');
    },
  };
}

function aborted() {
  return quiverError(ERROR_CODES.TOOL_ABORTED, 'The search was cancelled before it finished.', { tool: 'search_files' });
}
