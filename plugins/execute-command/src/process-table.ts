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
  const rows = await Promise.all(names.filter((n) => /^\d+$/.test(n)).map((n) => readStat(Number(n))));
  return rows.filter((r): r is ProcessInfo => r !== undefined);
}

/** One process's /proc entry, or undefined when it is gone (or there is no /proc). */
export async function readStat(pid: number): Promise<ProcessInfo | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may itself contain spaces or ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the name start at field 3 (state); starttime is field 22.
    return { pid, state: fields[0], ppid: Number(fields[1]), pgid: Number(fields[2]), startTime: Number(fields[19]) };
  } catch {
    return undefined;
  }
}

/**
 * True when a process's initial environment contains `NAME=…value…` with `value` among the
 * `:`-separated entries. Unreadable environments (other users' processes, zombies) are false.
 */
export async function hasEnvironmentMark(pid: number, name: string, value: string): Promise<boolean> {
  try {
    const environ = await readFile(`/proc/${pid}/environ`, 'latin1');
    const prefix = `${name}=`;
    return environ.split('\0').some((entry) => entry.startsWith(prefix) && entry.slice(prefix.length).split(':').includes(value));
  } catch {
    return false;
  }
}

/** True when a process exists and is not a zombie (a zombie has already exited). */
export async function isProcessAlive(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
