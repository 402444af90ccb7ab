import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFilesAtomic, writeFilesTestInternals } from './write-files-atomic.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quiver-fs-multi-'));
  await writeFile(join(dir, 'a.txt'), 'A');
  await writeFile(join(dir, 'b.txt'), 'B');
  await writeFile(join(dir, 'c.txt'), 'C');
  await chmod(join(dir, 'b.txt'), 0o700);
});
afterEach(async () => {
  writeFilesTestInternals.beforeCommit = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort()) {
    const p = join(dir, name);
    out[name] = (await stat(p)).isDirectory() ? '<dir>' : await readFile(p, 'utf8');
  }
  return out;
}

describe('writeFilesAtomic', () => {
  it('writes, creates and deletes in one go, keeping modes', async () => {
    await writeFilesAtomic([
      { path: join(dir, 'a.txt'), data: 'A2' },
      { path: join(dir, 'b.txt'), data: 'B2' },
      { path: join(dir, 'new/d.txt'), data: 'D' },
      { path: join(dir, 'c.txt'), delete: true },
    ]);
    expect(await snapshot()).toEqual({ 'a.txt': 'A2', 'b.txt': 'B2', new: '<dir>' });
    expect(await readFile(join(dir, 'new/d.txt'), 'utf8')).toBe('D');
    expect((await stat(join(dir, 'b.txt'))).mode & 0o777).toBe(0o700);
  });

  it('changes nothing when staging fails (delete of a missing file)', async () => {
    const before = await snapshot();
    await expect(
      writeFilesAtomic([
        { path: join(dir, 'a.txt'), data: 'A2' },
        { path: join(dir, 'x/new.txt'), data: 'N' },
        { path: join(dir, 'missing.txt'), delete: true },
      ]),
    ).rejects.toMatchObject({ code: 'QUIVER_ERR_FILE_WRITE_FAILED', file: join(dir, 'missing.txt') });
    expect(await snapshot()).toEqual(before);
  });

  it('rolls back files already renamed when the rename phase fails', async () => {
    const before = await snapshot();
    writeFilesTestInternals.beforeCommit = (index) => {
      if (index === 3) throw Object.assign(new Error('disk on fire'), { code: 'EIO' });
    };
    await expect(
      writeFilesAtomic([
        { path: join(dir, 'a.txt'), data: 'A2' },
        { path: join(dir, 'c.txt'), delete: true },
        { path: join(dir, 'sub/new.txt'), data: 'N' },
        { path: join(dir, 'b.txt'), data: 'B2' },
      ]),
    ).rejects.toThrow(/b\.txt.*EIO.*restored/s);
    expect(await snapshot()).toEqual(before);
    expect((await stat(join(dir, 'b.txt'))).mode & 0o777).toBe(0o700);
  });

  it('refuses a path given twice before touching anything', async () => {
    await expect(
      writeFilesAtomic([
        { path: join(dir, 'a.txt'), data: '1' },
        { path: join(dir, './a.txt'), data: '2' },
      ]),
    ).rejects.toThrow(/appears twice/);
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('A');
  });

  it('refuses to replace a directory', async () => {
    await mkdir(join(dir, 'd'));
    const before = await snapshot();
    await expect(
      writeFilesAtomic([
        { path: join(dir, 'a.txt'), data: '1' },
        { path: join(dir, 'd'), data: '2' },
      ]),
    ).rejects.toMatchObject({ file: join(dir, 'd') });
    expect(await snapshot()).toEqual(before);
  });

  it('physical: rolls back through the directory handles too', async () => {
    const before = await snapshot();
    writeFilesTestInternals.beforeCommit = (index) => {
      if (index === 2) throw Object.assign(new Error('boom'), { code: 'EIO' });
    };
    await expect(
      writeFilesAtomic(
        [
          { path: join(dir, 'a.txt'), data: 'A2' },
          { path: join(dir, 'b.txt'), delete: true },
          { path: join(dir, 'c.txt'), data: 'C2' },
        ],
        { physical: true },
      ),
    ).rejects.toThrow(/c\.txt/);
    expect(await snapshot()).toEqual(before);
    writeFilesTestInternals.beforeCommit = undefined;
    await writeFilesAtomic(
      [
        { path: join(dir, 'a.txt'), data: 'A2' },
        { path: join(dir, 'b.txt'), delete: true },
      ],
      { physical: true },
    );
    expect(await snapshot()).toEqual({ 'a.txt': 'A2', 'c.txt': 'C' });
  });
});
