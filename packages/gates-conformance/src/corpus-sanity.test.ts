import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { commandTables } from './cases/command-cases.js';

/** `bash -n` on a script from stdin: the syntax check bash itself does. */
function bashSyntaxOk(script: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    // `bash -c`, as commands are run: there a trailing backslash is literal, not a continuation.
    const child = spawn('bash', ['-n', '-c', '--', script], { stdio: ['ignore', 'ignore', 'ignore'] });
    child.on('error', reject);
    child.on('close', (code) => resolve(code === 0));
  });
}

async function pool<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: size }, run));
  return out;
}

describe('corpus sanity', () => {
  // Every command the corpus expects to be allowed must at least be valid bash, or the row
  // itself is wrong. (Configs are irrelevant here; NUL cannot be passed in argv.)
  it('every expected-allowed command passes bash -n', async () => {
    const rows = Object.values(commandTables)
      .flat()
      .filter((r) => r.expected.allowed && r.config !== null && !r.input.includes('\0'));
    const ok = await pool(rows, 16, (r) => bashSyntaxOk(r.input));
    const bad = rows.filter((_, i) => !ok[i]).map((r) => `${r.description}: ${JSON.stringify(r.input)}`);
    expect(bad).toEqual([]);
  }, 120_000);
});
