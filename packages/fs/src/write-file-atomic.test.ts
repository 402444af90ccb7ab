import { mkdtemp, readFile, readdir, rm, stat, symlink, writeFile, chmod, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './write-file-atomic.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quiver-fs-'));
});
afterEach(async () => {
  await chmod(dir, 0o755).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('creates a new file, with missing parent directories', async () => {
    const p = join(dir, 'a/b/c.txt');
    await writeFileAtomic(p, 'hello\n');
    expect(await readFile(p, 'utf8')).toBe('hello\n');
    expect(await readdir(join(dir, 'a/b'))).toEqual(['c.txt']);
  });

  it('replaces an existing file and keeps its mode', async () => {
    const p = join(dir, 'run.sh');
    await writeFile(p, 'old');
    await chmod(p, 0o751);
    await writeFileAtomic(p, Buffer.from('#!/bin/sh\n'));
    expect(await readFile(p, 'utf8')).toBe('#!/bin/sh\n');
    expect((await stat(p)).mode & 0o7777).toBe(0o751);
  });

  it('uses opts.mode when given', async () => {
    const p = join(dir, 'x');
    await writeFileAtomic(p, 'x', { mode: 0o600 });
    expect((await stat(p)).mode & 0o777).toBe(0o600);
  });

  it('leaves no temp file behind', async () => {
    const p = join(dir, 'f.txt');
    await writeFileAtomic(p, '1');
    await writeFileAtomic(p, '2');
    expect(await readdir(dir)).toEqual(['f.txt']);
  });

  it('replaces a symlink in the last position instead of writing through it', async () => {
    const outside = join(dir, 'outside.txt');
    await writeFile(outside, 'keep');
    await symlink(outside, join(dir, 'link'));
    await writeFileAtomic(join(dir, 'link'), 'new');
    expect(await readFile(outside, 'utf8')).toBe('keep');
    expect(await readFile(join(dir, 'link'), 'utf8')).toBe('new');
  });

  it('refuses a directory target with a coded error and changes nothing', async () => {
    await mkdir(join(dir, 'd'));
    await expect(writeFileAtomic(join(dir, 'd'), 'x')).rejects.toMatchObject({
      code: 'QUIVER_ERR_FILE_WRITE_FAILED',
      file: join(dir, 'd'),
    });
    expect(await readdir(dir)).toEqual(['d']);
  });

  it('refuses a relative path', async () => {
    await expect(writeFileAtomic('rel.txt', 'x')).rejects.toMatchObject({ code: 'QUIVER_ERR_FILE_WRITE_FAILED' });
  });

  it('on failure leaves the original untouched and removes the temp', async () => {
    const p = join(dir, 'f.txt');
    await writeFile(p, 'original');
    // Data of the wrong type makes the write fail after the temp file was created.
    await expect(writeFileAtomic(p, 42 as unknown as string)).rejects.toMatchObject({ code: 'QUIVER_ERR_FILE_WRITE_FAILED', file: p });
    expect(await readFile(p, 'utf8')).toBe('original');
    expect(await readdir(dir)).toEqual(['f.txt']);
  });

  it('removes the directories it created when the write fails', async () => {
    await expect(writeFileAtomic(join(dir, 'new/deep/f.txt'), 42 as unknown as string)).rejects.toMatchObject({
      code: 'QUIVER_ERR_FILE_WRITE_FAILED',
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it.skipIf(process.getuid?.() === 0)('fails cleanly in a directory it may not write to', async () => {
    const p = join(dir, 'f.txt');
    await writeFile(p, 'original');
    await chmod(dir, 0o555);
    await expect(writeFileAtomic(p, 'new')).rejects.toThrow(/EACCES/);
    await chmod(dir, 0o755);
    expect(await readFile(p, 'utf8')).toBe('original');
  });

  it('physical: writes through the checked directory', async () => {
    const p = join(dir, 'sub/f.txt');
    await writeFileAtomic(p, 'x', { physical: true });
    await writeFileAtomic(p, 'y', { physical: true });
    expect(await readFile(p, 'utf8')).toBe('y');
    expect(await readdir(join(dir, 'sub'))).toEqual(['f.txt']);
  });

  it('physical: refuses a directory that is no longer physical (symlink swapped in, P8)', async () => {
    await mkdir(join(dir, 'real'));
    await symlink(join(dir, 'real'), join(dir, 'swapped'));
    await expect(writeFileAtomic(join(dir, 'swapped/f.txt'), 'x', { physical: true })).rejects.toMatchObject({
      code: 'QUIVER_ERR_PATH_OUTSIDE',
      rule: 'P8',
    });
    expect(await readdir(join(dir, 'real'))).toEqual([]);
  });
});
