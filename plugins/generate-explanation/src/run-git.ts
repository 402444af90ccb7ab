import { execFile } from 'node:child_process';
import { ERROR_CODES, quiverError } from '@quiver/core';
import { driverOverrides, FIXED_GIT_SAFETY } from './git-safety.js';

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

/** Runs one git command (arguments after the global options) in a fixed folder. */
export type Git = (args: readonly string[]) => Promise<GitResult>;

/**
 * A git runner for `cwd` that never runs the repository's programs (SPEC G1): it reads the
 * repository's config once (reading config runs nothing) and gives every later command the
 * fixed safety config plus empty overrides for each diff/filter driver the config defines.
 */
export async function openGit(cwd: string, signal: AbortSignal): Promise<Git> {
  const listed = await runGit(cwd, ['config', '--list', '-z'], signal, []);
  const safety = driverOverrides(listed.ok ? listed.stdout : '');
  return (args) => runGit(cwd, args, signal, safety);
}

/**
 * Run git in `cwd` without a shell, a pager, optional locks or pathspec magic, with a timeout and
 * the task's cancel signal, with `safety` config before the command. A failing git command is
 * `ok: false`; git missing or timing out throws a Quiver error.
 */
function runGit(cwd: string, args: readonly string[], signal: AbortSignal, safety: readonly string[]): Promise<GitResult> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GIT_OPTIONAL_LOCKS: '0',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    GIT_TERMINAL_PROMPT: '0',
    GIT_LITERAL_PATHSPECS: '1',
    LC_ALL: 'C',
  };
  delete env.GIT_EXTERNAL_DIFF;
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['--no-pager', '-c', 'core.quotePath=false', ...FIXED_GIT_SAFETY, ...safety, ...args],
      { cwd, env, signal, timeout: GIT_TIMEOUT_MS, maxBuffer: MAX_BUFFER, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (!error) return resolve({ ok: true, stdout, stderr });
        const e = error as NodeJS.ErrnoException & { killed?: boolean };
        if (e.code === 'ENOENT')
          return reject(
            quiverError(
              ERROR_CODES.TOOL_FAILED,
              'git is not installed (or not on PATH), so the changes cannot be read. Install git, or explain the changes from the files themselves.',
            ),
          );
        if (e.name === 'AbortError') return reject(quiverError(ERROR_CODES.TOOL_ABORTED, `git ${args[0]} was cancelled.`));
        if (e.killed)
          return reject(quiverError(ERROR_CODES.TOOL_TIMEOUT, `git ${args[0]} did not finish within ${GIT_TIMEOUT_MS / 1000} seconds.`));
        resolve({ ok: false, stdout, stderr });
      },
    );
  });
}
