import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { terminateRunningCommands } from './active-commands.js';
import { isProcessAlive } from './process-table.js';
import { runCommand } from './run-command.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quiver-active-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('kills every running command tree synchronously, and runs on process exit', async () => {
  const pids = join(dir, 'pids');
  const script = [
    `sleep 300 & echo $! >> ${pids}`,
    `setsid sh -c 'echo $$ >> ${pids}; exec sleep 300' &`,
    `setsid sh -c '(sleep 300 & echo $! >> ${pids}); exit 0' &`,
    `while [ "$(wc -l < ${pids})" -lt 3 ]; do sleep 0.02; done`,
    'echo ready',
    'sleep 300',
  ].join('\n');
  let ready!: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  const done = runCommand({ command: script, cwd: dir, timeoutSeconds: 60, onOutput: (chunk) => chunk.includes('ready') && ready() });
  await started;

  expect(process.listeners('exit')).toContain(terminateRunningCommands);
  terminateRunningCommands();
  const list = (await readFile(pids, 'utf8')).split('\n').filter(Boolean).map(Number);
  expect(list).toHaveLength(3);
  // SIGKILL is delivered asynchronously: give the kernel a moment to tear the processes down.
  for (const pid of list) expect(await diesSoon(pid)).toBe(true);
  expect((await done).outcome).toBe('signalled');
});

async function diesSoon(pid: number): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (!(await isProcessAlive(pid))) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}
