import { execFileSync } from 'node:child_process';
import { closeSync, fstatSync, readFileSync } from 'node:fs';
import { access, mkdir, mkdtemp, readFile, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, type Workspace } from './create-workspace.js';
import { openConfinedStatSync, openConfinedSync } from './open-confined.js';

let base: string;
let root: string;
let outside: string;
let ws: Workspace;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-p8-')));
  root = join(base, 'root');
  outside = join(base, 'outside');
  await mkdir(join(root, 'sub'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(root, 'sub', 'file.txt'), 'inside');
  await writeFile(join(root, 'f.txt'), 'inside f');
  await writeFile(join(outside, 'file.txt'), 'outside');
  ws = await createWorkspace([root]);
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

/** Replace a real directory or file by a symlink, as an attacker would between check and use. */
async function swapForLink(path: string, target: string): Promise<void> {
  await rename(path, `${path}.orig`);
  await symlink(target, path);
}

describe('openConfined (P8)', () => {
  it('opens an inside file for reading and writing', async () => {
    const fh = await ws.openConfined(await ws.resolve('sub/file.txt'), 'r');
    try {
      expect(await fh.readFile('utf8')).toBe('inside');
    } finally {
      await fh.close();
    }
    const w = await ws.openConfined(await ws.resolve('sub/new.txt'), 'wx');
    await w.writeFile('new');
    await w.close();
    expect(await readFile(join(root, 'sub/new.txt'), 'utf8')).toBe('new');
  });

  it('opens the root directory itself', async () => {
    const fh = await ws.openConfined(await ws.resolve('.'), 'r');
    await fh.close();
  });

  it('refuses a directory swapped for an outside link after the check (read)', async () => {
    const checked = await ws.resolve('sub/file.txt');
    await swapForLink(join(root, 'sub'), outside);
    await expect(ws.openConfined(checked, 'r')).rejects.toMatchObject({ code: 'QUIVER_ERR_PATH_OUTSIDE', rule: 'P8' });
  });

  it('creates nothing outside when a directory is swapped before a create', async () => {
    const checked = await ws.resolve('sub/created.txt');
    await swapForLink(join(root, 'sub'), outside);
    await expect(ws.openConfined(checked, 'wx')).rejects.toMatchObject({ code: 'QUIVER_ERR_PATH_OUTSIDE', rule: 'P8' });
    await expect(access(join(outside, 'created.txt'))).rejects.toThrow();
  });

  it('refuses a file swapped for a link in the last position', async () => {
    const checked = await ws.resolve('f.txt');
    await swapForLink(join(root, 'f.txt'), join(outside, 'file.txt'));
    await expect(ws.openConfined(checked, 'r')).rejects.toMatchObject({ code: 'QUIVER_ERR_PATH_OUTSIDE', rule: 'P8' });
    await expect(ws.openConfined(checked, 'w')).rejects.toMatchObject({ code: 'QUIVER_ERR_PATH_OUTSIDE', rule: 'P8' });
    expect(await readFile(join(outside, 'file.txt'), 'utf8')).toBe('outside');
  });

  it('refuses a path that is outside to begin with', async () => {
    await symlink(outside, join(root, 'out'));
    await expect(ws.openConfined(await ws.resolve('out/file.txt'), 'r')).rejects.toMatchObject({
      code: 'QUIVER_ERR_PATH_OUTSIDE',
      rule: 'P8',
    });
  });

  it('reports a missing parent as FILE_NOT_FOUND', async () => {
    await expect(ws.openConfined(await ws.resolve('nope/x.txt'), 'w')).rejects.toMatchObject({ code: 'QUIVER_ERR_FILE_NOT_FOUND' });
  });
});

describe('openConfinedSync (P8, the same checks without a thread-pool round trip)', () => {
  it('opens an inside file and the root directory', async () => {
    const fd = openConfinedSync(await ws.resolve('sub/file.txt'), 'r');
    try {
      expect(readFileSync(fd, 'utf8')).toBe('inside');
    } finally {
      closeSync(fd);
    }
    closeSync(openConfinedSync(await ws.resolve('.'), 'r'));
  });

  it('refuses a directory or a last component swapped for an outside link after the check', async () => {
    const inSub = await ws.resolve('sub/file.txt');
    const last = await ws.resolve('f.txt');
    await swapForLink(join(root, 'sub'), outside);
    await swapForLink(join(root, 'f.txt'), join(outside, 'file.txt'));
    expect(() => openConfinedSync(inSub, 'r')).toThrow(expect.objectContaining({ code: 'QUIVER_ERR_PATH_OUTSIDE', rule: 'P8' }));
    expect(() => openConfinedSync(last, 'r')).toThrow(expect.objectContaining({ code: 'QUIVER_ERR_PATH_OUTSIDE', rule: 'P8' }));
  });

  it('refuses a path outside to begin with, a missing file, and a FIFO', async () => {
    await symlink(outside, join(root, 'out'));
    const out = await ws.resolve('out/file.txt');
    expect(() => openConfinedSync(out, 'r')).toThrow(expect.objectContaining({ code: 'QUIVER_ERR_PATH_OUTSIDE' }));
    const missing = await ws.resolve('sub/nope.txt');
    expect(() => openConfinedSync(missing, 'r')).toThrow(expect.objectContaining({ code: 'QUIVER_ERR_FILE_NOT_FOUND' }));
    execFileSync('mkfifo', [join(root, 'pipe')]);
    const pipe = await ws.resolve('pipe');
    expect(() => openConfinedSync(pipe, 'r')).toThrow(expect.objectContaining({ code: 'QUIVER_ERR_FILE_SPECIAL' }));
  });
});

describe('openConfinedStatSync (the descriptor with the stats its check took)', () => {
  it('gives the stats of the object opened, not of the path', async () => {
    const checked = await ws.resolve('sub/file.txt');
    // Replaced (a new inode) after the check: the stats are the descriptor's, of the new file.
    await writeFile(join(root, 'sub', 'next.txt'), 'replaced, longer');
    await rename(join(root, 'sub', 'next.txt'), join(root, 'sub', 'file.txt'));
    const { fd, stats } = openConfinedStatSync(checked, 'r');
    try {
      const own = fstatSync(fd);
      expect([stats.ino, stats.size, stats.mtimeMs]).toEqual([own.ino, own.size, own.mtimeMs]);
      expect(stats.size).toBe('replaced, longer'.length);
      expect(readFileSync(fd, 'utf8')).toBe('replaced, longer');
    } finally {
      closeSync(fd);
    }
    const dir = openConfinedStatSync(await ws.resolve('sub'), 'r');
    closeSync(dir.fd);
    expect(dir.stats.isDirectory()).toBe(true);
  });

  it('refuses what openConfinedSync refuses (a swapped link, a FIFO)', async () => {
    const last = await ws.resolve('f.txt');
    await swapForLink(join(root, 'f.txt'), join(outside, 'file.txt'));
    expect(() => openConfinedStatSync(last, 'r')).toThrow(expect.objectContaining({ code: 'QUIVER_ERR_PATH_OUTSIDE', rule: 'P8' }));
    execFileSync('mkfifo', [join(root, 'pipe')]);
    const pipe = await ws.resolve('pipe');
    expect(() => openConfinedStatSync(pipe, 'r')).toThrow(expect.objectContaining({ code: 'QUIVER_ERR_FILE_SPECIAL' }));
  });
});

describe('assertStillInside (P8)', () => {
  it('returns the fresh resolution when nothing changed', async () => {
    const checked = await ws.resolve('sub/file.txt');
    expect((await ws.assertStillInside(checked)).resolved).toBe(checked.resolved);
  });

  it('throws when a component became a link', async () => {
    const checked = await ws.resolve('sub/file.txt');
    await swapForLink(join(root, 'sub'), outside);
    await expect(ws.assertStillInside(checked)).rejects.toMatchObject({ code: 'QUIVER_ERR_PATH_OUTSIDE', rule: 'P8' });
  });
});
