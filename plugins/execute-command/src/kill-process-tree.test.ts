import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMAND_MARK_VARIABLE, findProcessTree, killProcessTree } from './kill-process-tree.js';
import { isProcessAlive } from './process-table.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quiver-kill-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Wait until a file holds `count` pids, one a line. */
async function readPids(file: string, count: number): Promise<number[]> {
  for (;;) {
    const pids = (await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean).map(Number);
    if (pids.length >= count) return pids;
    await new Promise((r) => setTimeout(r, 20));
  }
}

// A shell with a plain child, a subshell grandchild, a `setsid` child (its own session and
// group), a `nohup … &` child, and a setsid'd double fork whose parent exits at once, so the
// survivor is re-parented away from the tree.
const script = (pids: string): string => `
sleep 300 & echo $! >> ${pids}
( sleep 300 & echo $! >> ${pids}; wait ) &
setsid sh -c 'echo $$ >> ${pids}; exec sleep 300' &
nohup sh -c 'echo $$ >> ${pids}; exec sleep 300' > /dev/null 2>&1 &
setsid sh -c '(sleep 300 & echo $! >> ${pids}) ; exit 0' &
wait
`;

describe('killProcessTree', () => {
  it('kills the group, descendants and marked processes that escaped with setsid', async () => {
    const pidsFile = join(dir, 'pids');
    const mark = randomUUID();
    const child = spawn('/bin/sh', ['-c', script(pidsFile)], {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, [COMMAND_MARK_VARIABLE]: mark },
    });
    const pids = await readPids(pidsFile, 5);
    const tree = { pid: child.pid!, mark };
    const found = await findProcessTree(tree);
    for (const pid of pids) expect(found).toContain(pid);

    await killProcessTree(tree, { graceMs: 500 });
    for (const pid of [child.pid!, ...pids]) expect(await isProcessAlive(pid)).toBe(false);
    expect(await findProcessTree(tree)).toEqual([]);
  });

  it('escalates to SIGKILL for a process that ignores SIGTERM', async () => {
    const pidsFile = join(dir, 'pids');
    const mark = randomUUID();
    const child = spawn('/bin/sh', ['-c', `trap '' TERM; echo $$ > ${pidsFile}; while :; do sleep 0.05; done`], {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, [COMMAND_MARK_VARIABLE]: mark },
    });
    await readPids(pidsFile, 1);
    await killProcessTree({ pid: child.pid!, mark }, { graceMs: 200 });
    expect(await isProcessAlive(child.pid!)).toBe(false);
  });

  it('does nothing to processes without the mark outside the group', async () => {
    const other = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    try {
      const child = spawn('/bin/sh', ['-c', 'sleep 30'], {
        detached: true,
        stdio: 'ignore',
        env: { ...process.env, [COMMAND_MARK_VARIABLE]: 'm-1' },
      });
      await new Promise((r) => setTimeout(r, 100));
      await killProcessTree({ pid: child.pid!, mark: 'm-1' }, { graceMs: 200 });
      expect(await isProcessAlive(child.pid!)).toBe(false);
      expect(await isProcessAlive(other.pid!)).toBe(true);
    } finally {
      other.kill('SIGKILL');
    }
  });
});
