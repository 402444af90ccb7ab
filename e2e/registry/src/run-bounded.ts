import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/** What a finished program left: its exit code (-1 when stopped) and output. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  /** True when it ran past its time limit and was stopped. */
  timedOut: boolean;
}

/** How to run one program: where, with which environment, for how long at most. */
export interface RunOptions {
  cwd: string;
  env: Record<string, string>;
  /** The time limit; past it the program and everything it started are killed. */
  timeoutMs: number;
}

/** The output kept per stream: enough for a failure message, bounded for a chatty install. */
const KEEP = 256 * 1024;

/**
 * Run a program in its own process group, at a lower CPU priority (the registry test installs
 * and builds beside the rest of the suite, which must not be slowed into flakiness), and kill the
 * whole group when it outlives `timeoutMs`: npm's lifecycle scripts (the scaffold's vitest) run as
 * its children, and a plain kill of npm would leave them behind.
 * @example
 * const { code, stdout } = await runBounded('npm', ['install'], { cwd, env, timeoutMs: 300_000 });
 */
export function runBounded(file: string, args: string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(file, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    if (child.pid) lowerPriority(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout = (stdout + chunk.toString()).slice(-KEEP)));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-KEEP)));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, options.timeoutMs);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      // Whatever the program left running in its group (a stray watcher) goes with it.
      killGroup(child.pid);
      resolveRun({ code: code ?? -1, stdout, stderr, timedOut });
    });
  });
}

/** Niceness 10 for a process we started; not permitted (or already gone) is fine. */
export function lowerPriority(pid: number): void {
  try {
    setPriority(pid, 10);
  } catch {
    // An unprivileged user may not change priorities on some systems: it only runs at full speed.
  }
}

/** SIGKILL the process group of a child we spawned detached (its pid is the group's id). */
function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}
