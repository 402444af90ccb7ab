import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { quiverError, ERROR_CODES } from '@quiver/core';
import { COMMAND_MARK_VARIABLE, findProcessTree, killProcessTree, type ProcessTreeSpec } from './kill-process-tree.js';
import { OutputCollector, type OutputStream } from './output-collector.js';
import { readStat } from './process-table.js';
import { trackCommand } from './active-commands.js';
import type { OutputLimits } from './truncate-output.js';

/** Everything {@link runCommand} takes. */
export interface RunCommandOptions {
  /** The shell command. */
  command: string;
  /** The directory it runs in. */
  cwd: string;
  /** After this many seconds the whole process tree is killed. */
  timeoutSeconds: number;
  /** Aborting it kills the whole process tree. */
  signal?: AbortSignal;
  /** Live output, chunk by chunk, as it arrives. */
  onOutput?(chunk: string, stream: OutputStream): void;
  /** The environment. @default process.env */
  env?: NodeJS.ProcessEnv;
  /** The shell, run as `<shell> -c <command>`. @default '/bin/bash' (or '/bin/sh' without bash) */
  shell?: string;
  /** Time between SIGTERM and SIGKILL when the tree is killed, in ms. @default 1000 */
  killGraceMs?: number;
  /** How long to wait for background processes to release stdout/stderr after the shell exits, in ms. @default 200 */
  settleMs?: number;
  /** Output limits of the result. */
  limits?: Partial<OutputLimits>;
  /**
   * Turn `<shell> -c <command>` into the process to start (the sandbox service's `prepare`);
   * a throw means nothing runs and is passed on.
   */
  wrap?(spawn: { file: string; args: string[]; env: NodeJS.ProcessEnv }): Promise<{ file: string; args: string[]; env: NodeJS.ProcessEnv }>;
}

/** How a command ended. */
export type CommandOutcome = 'exited' | 'signalled' | 'timed-out' | 'aborted';

/** What {@link runCommand} reports. */
export interface CommandRunResult {
  outcome: CommandOutcome;
  /** The shell's exit code, when it exited on its own. */
  exitCode: number | null;
  /** The signal that ended the shell, when one did. */
  signal: NodeJS.Signals | null;
  /** The timeout that applied, in seconds. */
  timeoutSeconds: number;
  /** stdout and stderr interleaved, cut to head + tail when over the limits. */
  output: string;
  /** Pids that had to be killed: the tree on timeout or abort, or background leftovers after exit. */
  killed: number[];
}

const EXIT_WAIT_MS = 5000;
const CLOSE_WAIT_MS = 1000;

/**
 * Run a shell command with a hard timeout and no orphans: the shell leads its own process
 * group, every process it starts carries a mark in its environment, and on timeout or abort
 * the whole tree is killed (SIGTERM, then SIGKILL after a grace period) — including children
 * that escaped the group with `setsid` or `nohup … &`. Background processes still alive when
 * the shell exits are killed too. Output streams live to `onOutput` and is returned, cut to
 * head + tail when over the limits. Never throws for a failing command; throws a
 * `QUIVER_ERR_TOOL_FAILED` QuiverError only when the shell cannot start.
 * @example
 * const r = await runCommand({ command: 'npm test', cwd: root, timeoutSeconds: 300 });
 * formatCommandResult(r); // "Command executed successfully (exit code 0).\nOutput:\n…"
 */
export async function runCommand(options: RunCommandOptions): Promise<CommandRunResult> {
  if (options.signal?.aborted)
    return { timeoutSeconds: options.timeoutSeconds, killed: [], outcome: 'aborted', exitCode: null, signal: null, output: '' };
  const mark = randomUUID();
  const { child, exited } = await start(options, mark);
  const collector = new OutputCollector(options.limits);
  const closed = watchOutput(child, collector, options.onOutput);
  const tree: ProcessTreeSpec = { pid: child.pid!, mark, since: (await readStat(child.pid!))?.startTime };
  const untrack = trackCommand(tree);
  try {
    return await supervise(child, tree, { exited, closed, collector }, options);
  } finally {
    untrack();
  }
}

interface Watch {
  exited: Promise<ExitStatus>;
  closed: Promise<void>;
  collector: OutputCollector;
}

/** Wait for the end (exit, timeout or abort), kill what must die, collect the output. */
async function supervise(
  child: ChildProcess,
  tree: ProcessTreeSpec,
  { exited, closed, collector }: Watch,
  options: RunCommandOptions,
): Promise<CommandRunResult> {
  const stopped = await raceStop(exited, options);
  const killOptions = { graceMs: options.killGraceMs };
  const killed = stopped ? await killProcessTree(tree, killOptions) : [];
  const exit = (await within(exited, EXIT_WAIT_MS)) ?? { code: null, signal: null };
  killed.push(...(await cleanUpLeftovers(tree, closed, options.settleMs ?? 200, killOptions)));
  if (
    !(await within(
      closed.then(() => true),
      CLOSE_WAIT_MS,
    ))
  ) {
    // Something outside the tree holds the pipes; stop reading rather than hang.
    child.stdout?.destroy();
    child.stderr?.destroy();
  }
  for (const rest of collector.end()) deliver(options.onOutput, rest.text, rest.stream);
  const outcome: CommandOutcome = stopped ?? (exit.signal ? 'signalled' : 'exited');
  return { timeoutSeconds: options.timeoutSeconds, killed, outcome, exitCode: exit.code, signal: exit.signal, output: collector.text() };
}

interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

async function start(options: RunCommandOptions, mark: string): Promise<{ child: ChildProcess; exited: Promise<ExitStatus> }> {
  const env = { ...(options.env ?? process.env) };
  const outer = env[COMMAND_MARK_VARIABLE];
  // Keep an outer command's mark, so a Quiver running inside a Quiver command is cleaned up too.
  env[COMMAND_MARK_VARIABLE] = outer ? `${outer}:${mark}` : mark;
  const shell = options.shell ?? (existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh');
  const plain = { file: shell, args: ['-c', options.command], env };
  const run = options.wrap ? await options.wrap(plain) : plain;
  const child = spawn(run.file, run.args, { cwd: options.cwd, env: run.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<ExitStatus>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve({ child, exited }));
    child.once('error', (cause) =>
      reject(
        quiverError(
          ERROR_CODES.TOOL_FAILED,
          `Could not start the command with ${run.file} in '${options.cwd}': ${cause.message}. Check that the directory exists and the shell is installed.`,
          { cause },
        ),
      ),
    );
  });
}

function watchOutput(child: ChildProcess, collector: OutputCollector, onOutput: RunCommandOptions['onOutput']): Promise<void> {
  for (const stream of ['stdout', 'stderr'] as const) {
    child[stream]!.on('data', (bytes: Buffer) => {
      const text = collector.push(stream, bytes);
      if (text) deliver(onOutput, text, stream);
    });
  }
  return new Promise((resolve) => child.once('close', () => resolve()));
}

/** Hand a chunk to the host. A throwing host must not crash the process from inside a stream event. */
function deliver(onOutput: RunCommandOptions['onOutput'], text: string, stream: OutputStream): void {
  try {
    onOutput?.(text, stream);
  } catch {
    // The output is still collected for the result; only the live view missed a chunk.
  }
}

/** Wait for the shell to exit, the timeout to expire or the signal to abort, whichever comes first. */
function raceStop(exited: Promise<unknown>, options: RunCommandOptions): Promise<'timed-out' | 'aborted' | undefined> {
  return new Promise((resolve) => {
    const onAbort = (): void => finish('aborted');
    // setTimeout fires at once past 2^31-1 ms, so clamp (about 24 days).
    const timer = setTimeout(() => finish('timed-out'), Math.min(options.timeoutSeconds * 1000, 2 ** 31 - 1));
    function finish(reason: 'timed-out' | 'aborted' | undefined): void {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(reason);
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });
    // An abort may have come while the process was starting.
    if (options.signal?.aborted) finish('aborted');
    void exited.then(() => finish(undefined));
  });
}

/** After the shell exits: give background processes a moment to finish, then kill what is left. */
async function cleanUpLeftovers(
  tree: ProcessTreeSpec,
  closed: Promise<void>,
  settleMs: number,
  killOptions: { graceMs?: number },
): Promise<number[]> {
  await within(closed, settleMs);
  if ((await findProcessTree(tree)).length === 0) return [];
  return killProcessTree(tree, killOptions);
}

async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
