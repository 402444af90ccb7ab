import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A real child process writes a large file over and over with writeFileAtomic and is killed
// with SIGKILL in the middle of a write. The target must then hold one complete version.
const fixtures = join(import.meta.dirname, '../test/fixtures');
const SIZE = 24 * 1024 * 1024;

let dir: string;
let versionA: Buffer;
let versionB: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quiver-fs-crash-'));
  versionA = Buffer.alloc(SIZE, 'A\n');
  versionB = Buffer.alloc(SIZE + 4096, 'bb\r\n');
  await writeFile(join(dir, 'a.bin'), versionA);
  await writeFile(join(dir, 'b.bin'), versionB);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Run the writer and SIGKILL it right after it announces write number `killAt`. */
function runAndKill(target: string, killAt: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', join(fixtures, 'ts-register.mjs'), join(fixtures, 'atomic-writer.mjs'), target, join(dir, 'a.bin'), join(dir, 'b.bin')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes(`start ${killAt}\n`)) child.kill('SIGKILL');
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve(out) : reject(new Error(`writer exited without being killed: ${err}`)),
    );
  });
}

describe('writeFileAtomic under SIGKILL', () => {
  it.each([1, 2, 3, 4, 5])('leaves the old or the new content, never a mix (kill during write %i)', async (killAt) => {
    const target = join(dir, `target-${killAt}.bin`);
    await writeFile(target, versionB);
    const out = await runAndKill(target, killAt);
    expect(out).toContain(`start ${killAt}`);
    const content = await readFile(target);
    const isA = content.equals(versionA);
    const isB = content.equals(versionB);
    expect(isA || isB).toBe(true);
  });
});
