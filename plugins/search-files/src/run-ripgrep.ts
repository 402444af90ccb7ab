/**
 * Runs the ripgrep binary and streams its stdout line by line, stopping (and killing rg)
 * after a number of lines, as the baseline does, since rg has no limit on results across files.
 */
import { spawn } from 'node:child_process';
import { ERROR_CODES, quiverError } from '@quiver/core';

/** JSON lines read at most: 300 results × 5 lines (SPEC Part B §7). */
export const MAX_RG_LINES = 1500;

/** stderr kept at most, for the error message. */
const MAX_STDERR = 16 * 1024;

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
}

/** How rg ended. */
export interface RipgrepExit {
  /** rg's exit code: 0 matches, 1 none, 2 an error; null when it was killed. */
  code: number | null;
  /** rg's stderr (trimmed, capped). */
  stderr: string;
  /** True when the line limit was reached and rg was stopped. */
  cut: boolean;
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
    let rest = '';
    let stderr = '';
    const stop = (): void => {
      cut = true;
      child.stdout.removeAllListeners('data');
      child.stdout.destroy();
      child.kill('SIGKILL');
    };
    const onAbort = (): void => void child.kill('SIGKILL');
    run.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop()!;
      for (const line of parts) {
        if (lines >= maxLines) return stop();
        lines++;
        run.onLine(line);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < MAX_STDERR) stderr += chunk;
    });
    child.on('error', (e) => {
      run.signal?.removeEventListener('abort', onAbort);
      reject(quiverError(ERROR_CODES.SEARCH_FAILED, `Could not run ripgrep (${run.rgPath}): ${e.message}`, { tool: 'search_files', cause: e }));
    });
    child.on('close', (code) => {
      run.signal?.removeEventListener('abort', onAbort);
      if (run.signal?.aborted) return reject(aborted());
      if (!cut && rest !== '' && lines < maxLines) run.onLine(rest);
      resolve({ code: cut ? null : code, stderr: stderr.trim().slice(0, MAX_STDERR), cut });
    });
  });
}

function aborted() {
  return quiverError(ERROR_CODES.TOOL_ABORTED, 'The search was cancelled before it finished.', { tool: 'search_files' });
}
