import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';

/** One live process, as /proc shows it. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  /** The one-letter state (`R`, `S`, `Z`...). */
  state: string;
  /** When the process started, in clock ticks since boot. */
  startTime: number;
}

const PID_NAME = /^\d+$/;

/**
 * A snapshot of the processes in /proc (Linux). Returns an empty list where /proc does not
 * exist, so callers fall back to process-group signals alone. Processes that vanish while
 * the table is read are skipped.
 */
export async function readProcessTable(): Promise<ProcessInfo[]> {
  let names: string[];
  try {
    names = await readdir('/proc');
  } catch {
    return [];
  }
  const rows = await Promise.all(names.filter((n) => PID_NAME.test(n)).map((n) => readStat(Number(n))));
  return rows.filter((r): r is ProcessInfo => r !== undefined);
}

/** {@link readProcessTable}, synchronously: for `process.on('exit')`, where nothing async runs. */
export function readProcessTableSync(): ProcessInfo[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const rows = names
    .filter((n) => PID_NAME.test(n))
    .map((n) => attempt(() => parseStat(Number(n), readFileSync(`/proc/${n}/stat`, 'utf8'))));
  return rows.filter((r): r is ProcessInfo => r !== undefined);
}

/** One process's /proc entry, or undefined when it is gone (or there is no /proc). */
export async function readStat(pid: number): Promise<ProcessInfo | undefined> {
  try {
    return parseStat(pid, await readFile(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

function parseStat(pid: number, stat: string): ProcessInfo {
  // The command name (field 2) is in parentheses and may itself contain spaces or ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields after the name start at field 3 (state); starttime is field 22.
  return { pid, state: fields[0], ppid: Number(fields[1]), pgid: Number(fields[2]), startTime: Number(fields[19]) };
}

/**
 * True when a process's initial environment contains `NAME=…value…` with `value` among the
 * `:`-separated entries. Unreadable environments (other users' processes, zombies) are false.
 */
export async function hasEnvironmentMark(pid: number, name: string, value: string): Promise<boolean> {
  try {
    return environHasMark(await readFile(`/proc/${pid}/environ`, 'latin1'), name, value);
  } catch {
    return false;
  }
}

/** {@link hasEnvironmentMark}, synchronously. */
export function hasEnvironmentMarkSync(pid: number, name: string, value: string): boolean {
  return attempt(() => environHasMark(readFileSync(`/proc/${pid}/environ`, 'latin1'), name, value)) ?? false;
}

function environHasMark(environ: string, name: string, value: string): boolean {
  const prefix = `${name}=`;
  return environ.split('\0').some((entry) => entry.startsWith(prefix) && entry.slice(prefix.length).split(':').includes(value));
}

/** True when a process exists and is not a zombie (a zombie has already exited). */
export async function isProcessAlive(pid: number): Promise<boolean> {
  const info = await readStat(pid);
  return info !== undefined && info.state !== 'Z';
}

function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
