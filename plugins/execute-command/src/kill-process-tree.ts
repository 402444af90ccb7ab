import { hasEnvironmentMark, hasEnvironmentMarkSync, readProcessTable, readProcessTableSync, type ProcessInfo } from './process-table.js';

/** The environment variable every command's processes inherit, so strays can be found. */
export const COMMAND_MARK_VARIABLE = 'QUIVER_COMMAND_ID';

/** Which processes belong to one command. */
export interface ProcessTreeSpec {
  /** The shell's pid; it leads its own process group (spawned with `detached: true`). */
  pid: number;
  /** The mark the command's environment carries in {@link COMMAND_MARK_VARIABLE}. */
  mark: string;
  /**
   * The shell's start time (clock ticks since boot, from /proc). Processes that started
   * earlier cannot carry the mark, so their environments are not read.
   */
  since?: number;
}

/** Options for {@link killProcessTree}. */
export interface KillOptions {
  /** Time between SIGTERM and SIGKILL, in ms. @default 1000 */
  graceMs?: number;
}

const POLL_MS = 50;
const MAX_KILL_ROUNDS = 20;

/**
 * Find every live process of a command: its process group, every descendant of the shell
 * (by parent pid), and every process whose environment carries the command's mark — the
 * last catches children that left the group with `setsid` and were re-parented when their
 * parent exited. Zombies are left out: they are already dead. Without /proc (not Linux),
 * only the process group can be probed.
 */
export async function findProcessTree(spec: ProcessTreeSpec): Promise<number[]> {
  const all = await readProcessTable();
  // Without /proc, the process group is all that can be seen: probe it with signal 0.
  if (all.length === 0) return trySignal(-spec.pid, 0) ? [spec.pid] : [];
  const table = liveProcesses(all);
  const candidates = markCandidates(table, spec);
  const marks = await Promise.all(candidates.map((p) => hasEnvironmentMark(p.pid, COMMAND_MARK_VARIABLE, spec.mark)));
  return treeOf(
    table,
    spec,
    candidates.filter((_, i) => marks[i]),
  );
}

/**
 * SIGKILL a command's whole tree at once, synchronously — for `process.on('exit')`, when
 * there is no time for a grace period or anything async.
 */
export function killProcessTreeSync(spec: ProcessTreeSpec): void {
  trySignal(-spec.pid, 'SIGKILL');
  const table = liveProcesses(readProcessTableSync());
  const marked = markCandidates(table, spec).filter((p) => hasEnvironmentMarkSync(p.pid, COMMAND_MARK_VARIABLE, spec.mark));
  for (const pid of treeOf(table, spec, marked)) trySignal(pid, 'SIGKILL');
}

function liveProcesses(all: ProcessInfo[]): ProcessInfo[] {
  return all.filter((p) => p.state !== 'Z' && p.pid !== process.pid);
}

/** Processes whose environment is worth reading: outside the group, and not older than the shell. */
function markCandidates(table: ProcessInfo[], spec: ProcessTreeSpec): ProcessInfo[] {
  return table.filter((p) => p.pgid !== spec.pid && p.pid !== spec.pid && p.startTime >= (spec.since ?? 0));
}

function treeOf(table: ProcessInfo[], spec: ProcessTreeSpec, marked: ProcessInfo[]): number[] {
  const found = new Set<number>(marked.map((p) => p.pid));
  for (const p of table) if (p.pgid === spec.pid || p.pid === spec.pid) found.add(p.pid);
  addDescendants(table, found);
  return [...found];
}

function addDescendants(table: ProcessInfo[], found: Set<number>): void {
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of table) {
      if (!found.has(p.pid) && found.has(p.ppid)) {
        found.add(p.pid);
        grew = true;
      }
    }
  }
}

/**
 * Kill a command's whole process tree: SIGTERM to the group and every process
 * {@link findProcessTree} finds, then, after a grace period (cut short when all are gone),
 * SIGKILL to whatever is left, repeated until nothing of the tree is alive — so processes
 * forked while it was dying are caught too. Where /proc is missing, only the process group
 * is signalled.
 * @returns The pids that were signalled.
 */
export async function killProcessTree(spec: ProcessTreeSpec, options: KillOptions = {}): Promise<number[]> {
  const graceMs = options.graceMs ?? 1000;
  const signalled = new Set<number>();
  const first = await findProcessTree(spec);
  signalAll(spec.pid, first, 'SIGTERM', signalled);
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && (await findProcessTree(spec)).length > 0) await sleep(POLL_MS);
  for (let round = 0; round < MAX_KILL_ROUNDS; round++) {
    const alive = await findProcessTree(spec);
    if (alive.length === 0) break;
    signalAll(spec.pid, alive, 'SIGKILL', signalled);
    await sleep(POLL_MS);
  }
  return [...signalled];
}

function signalAll(groupId: number, pids: number[], signal: NodeJS.Signals, signalled: Set<number>): void {
  trySignal(-groupId, signal);
  for (const pid of pids) if (trySignal(pid, signal)) signalled.add(pid);
}

function trySignal(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    // ESRCH: already gone; EPERM: not ours to kill.
    return false;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
