import { execFile } from 'node:child_process';
import { ERROR_CODES, quiverError } from '@quiver/core';

/** How long one git command may run. */
export const GIT_TIMEOUT_MS = 30_000;

/** Output cap of one git command (a diff is cut later; this guards memory). */
const MAX_BUFFER = 64 * 1024 * 1024;

/** A finished git command. */
export interface GitResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

/**
 * Run git in `cwd` without a shell, a pager, optional locks or pathspec magic, with a timeout and
 * the task's cancel signal. A failing git command is `ok: false`; git missing or timing out
 * throws a Quiver error.
 */
export function runGit(cwd: string, args: readonly string[], signal: AbortSignal): Promise<GitResult> {
  const env = { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0', GIT_LITERAL_PATHSPECS: '1', LC_ALL: 'C' };
  return new Promise((resolve, reject) => {
    execFile('git', ['-c', 'core.quotePath=false', ...args], { cwd, env, signal, timeout: GIT_TIMEOUT_MS, maxBuffer: MAX_BUFFER, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (!error) return resolve({ ok: true, stdout, stderr });
      const e = error as NodeJS.ErrnoException & { killed?: boolean };
      if (e.code === 'ENOENT') return reject(quiverError(ERROR_CODES.TOOL_FAILED, 'git is not installed (or not on PATH), so the changes cannot be read. Install git, or explain the changes from the files themselves.'));
      if (e.name === 'AbortError') return reject(quiverError(ERROR_CODES.TOOL_ABORTED, `git ${args[0]} was cancelled.`));
      if (e.killed) return reject(quiverError(ERROR_CODES.TOOL_TIMEOUT, `git ${args[0]} did not finish within ${GIT_TIMEOUT_MS / 1000} seconds.`));
      resolve({ ok: false, stdout, stderr });
    });
  });
}
