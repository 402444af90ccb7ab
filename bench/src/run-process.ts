import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { CHILD_TIME_LIMIT_MS, killGroup, limitChild, type TimedOut } from './child-limit.js';

/** How a child process ran. */
export interface ProcessRun {
  /** From spawn to exit (or to the kill, with `stopAfterLines`), milliseconds. */
  ms: number;
  /** Lines read from stdout. */
  lines: number;
  /** stdout, when `keepOutput` is set. */
  stdout: string;
  code: number | null;
}

/** Options of {@link runProcess}. */
export interface RunProcessOptions {
  cwd?: string;
  /** Stop reading and kill the process after this many stdout lines (like a capped reader). */
  stopAfterLines?: number;
  keepOutput?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Kill the process group and reject with `TimedOut` after this long. @default CHILD_TIME_LIMIT_MS */
  timeLimitMs?: number;
}

/**
 * Spawn a program in a process group of its own, drain its stdout (counting lines, as a
 * consumer would), and time it from spawn to exit. Rejects on a spawn error, a non-zero exit
 * that was not our own kill, or the time limit (the group is killed: see `child-limit.ts`).
 * @example
 * const run = await runProcess(rgPath, ['--files'], { cwd: tree });
 */
export function runProcess(command: string, args: readonly string[], options: RunProcessOptions = {}): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let timedOut: TimedOut | undefined;
    const release = limitChild(
      child.pid,
      `${command} ${args.join(' ')}`.slice(0, 120),
      options.timeLimitMs ?? CHILD_TIME_LIMIT_MS,
      (e) => (timedOut = e),
    );
    let lines = 0;
    let killed = false;
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (killed) return;
      if (options.keepOutput) stdout += chunk.toString('utf8');
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
        lines++;
        if (options.stopAfterLines !== undefined && lines >= options.stopAfterLines) {
          killed = true;
          killGroup(child.pid);
          return;
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    child.on('error', (e) => {
      release();
      reject(e);
    });
    child.on('close', (code) => {
      const ms = performance.now() - start;
      release();
      if (timedOut) return reject(timedOut);
      // rg exits 1 for "no match", which is a result, not a failure.
      if (!killed && code !== 0 && code !== 1) return reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.trim()}`));
      resolve({ ms, lines, stdout, code });
    });
  });
}
