import { readdirSync, readFileSync } from 'node:fs';

/**
 * The live (not zombie) processes whose command line contains `marker`, read from the host's
 * /proc. Tests of process-tree killing use it with a unique argument (`sleep 30.4711`): inside
 * the sandbox's PID namespace `$$` and `$!` are not host pids, but command lines are the same.
 * Empty where there is no /proc.
 * @example
 * expect(processesWith('30.4711')).toEqual([]);
 */
export function processesWith(marker: string): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const state = /\) (\w)/.exec(readFileSync(`/proc/${name}/stat`, 'utf8'))?.[1];
      if (state !== 'Z' && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(marker)) found.push(Number(name));
    } catch {
      // Gone while reading.
    }
  }
  return found;
}
