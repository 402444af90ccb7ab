import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rename, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIgnoreService, type QuiverIgnoreService } from '@quiver/ignore';
import { createWorkspace } from '@quiver/workspace';
import { createMaskCache, walkMasks } from './compute-masks.js';

let root: string;
let ignore: QuiverIgnoreService;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'quiver-masks-')));
  await mkdir(join(root, 'src/deep/secrets'), { recursive: true });
  await mkdir(join(root, '.git'), { recursive: true });
  await writeFile(join(root, '.quiverignore'), '.env\nsecrets/\n*.pem\n');
  await writeFile(join(root, '.env'), 'x');
  await writeFile(join(root, 'src/deep/secrets/a'), 'x');
  await writeFile(join(root, 'src/deep/key.pem'), 'x');
  await writeFile(join(root, 'src/ok.ts'), 'x');
  await writeFile(join(root, '.git/x.pem'), 'x');
  ignore = await createIgnoreService(await createWorkspace([root]));
});
afterEach(async () => {
  ignore.dispose();
  await rm(root, { recursive: true, force: true });
});

describe('walkMasks', () => {
  it('lists every hidden entry, folders whole, and skips .git', () => {
    expect(walkMasks([root], ignore.listingFilter(), new Set(ignore.ruleFiles()))).toEqual([
      { path: join(root, '.env'), directory: false },
      { path: join(root, 'src/deep/key.pem'), directory: false },
      { path: join(root, 'src/deep/secrets'), directory: true },
    ]);
  });

  it('masks the target of a hidden link, and skips a dangling one', async () => {
    await writeFile(join(root, 'real.txt'), 'x');
    await symlink(join(root, 'real.txt'), join(root, 'link.pem'));
    await symlink(join(root, 'nowhere'), join(root, 'dangling.pem'));
    const paths = walkMasks([root], ignore.listingFilter()).map((m) => m.path);
    expect(paths).toContain(join(root, 'real.txt'));
    expect(paths.some((p) => p.endsWith('dangling.pem'))).toBe(false);
  });
});

/**
 * A child's script that queues more inotify events than `max` in `flood/` of its folder: each
 * rename queues two (never merged: each has its own cookie), and leaves one file.
 */
const floodScript = (max: number) =>
  `const fs = require('fs'); fs.writeFileSync('flood/a', ''); for (let i = 0; i < ${max}; i++) fs.renameSync(i % 2 ? 'flood/b' : 'flood/a', i % 2 ? 'flood/a' : 'flood/b');`;

const caches: { dispose(): void }[] = [];
afterEach(() => {
  for (const c of caches.splice(0)) c.dispose();
});

// Both ways of keeping the masks fresh: inotify watches (the default), and a stat of every
// folder (where no watch can be had), with the same guarantees.
describe.each([
  { how: 'watching the folders', watch: true },
  { how: 'statting the folders', watch: false },
])('createMaskCache, $how', ({ watch }) => {
  const cacheOf = () => {
    const cache = createMaskCache(
      { roots: [root], version: () => ignore.rulesVersion(), filter: () => ignore.listingFilter(), visible: () => ignore.ruleFiles() },
      { watch },
    );
    caches.push(cache);
    return cache;
  };
  const paths = async (cache: ReturnType<typeof cacheOf>) => (await cache.masks()).map((m) => m.path);

  it('reuses the masks while nothing changed, and walks again when the ignore file changes', async () => {
    const cache = cacheOf();
    const first = await cache.masks();
    if (watch) expect(await cache.masks()).toBe(first);
    else expect(await cache.masks()).toEqual(first);
    await writeFile(join(root, '.quiverignore'), '.env\n');
    const second = await cache.masks();
    expect(second).not.toBe(first);
    expect(second.map((m) => m.path)).toEqual([join(root, '.env')]);
  });

  it('sees a new hidden file at the top at once, and a mask that vanished', async () => {
    const cache = cacheOf();
    await cache.masks();
    await writeFile(join(root, 'new.pem'), 'x');
    expect(await paths(cache)).toContain(join(root, 'new.pem'));
    await rm(join(root, 'src/deep/key.pem'));
    expect(await paths(cache)).not.toContain(join(root, 'src/deep/key.pem'));
  });

  it('masks a hidden file or folder created deep in the tree on the very next call, and forgets a removed one', async () => {
    const cache = cacheOf();
    const first = await cache.masks();
    // Created right after the walk: within one timestamp tick of it, which a folder's mtime
    // cannot tell apart (the stat way reads such a folder again; the watch way has its event).
    await writeFile(join(root, 'src/deep/new.pem'), 'x');
    await mkdir(join(root, 'src/other/secrets'), { recursive: true });
    const second = await paths(cache);
    expect(second).toContain(join(root, 'src/deep/new.pem'));
    expect(second).toContain(join(root, 'src/other/secrets'));
    expect(second).toHaveLength(first.length + 2);
    await rm(join(root, 'src/other'), { recursive: true });
    expect(await paths(cache)).not.toContain(join(root, 'src/other/secrets'));
  });

  it('follows a shown folder replaced by another of the same name (a watch follows the old folder)', async () => {
    const cache = cacheOf();
    await cache.masks();
    await rename(join(root, 'src/deep'), join(root, 'src/was-deep'));
    await mkdir(join(root, 'src/deep'));
    expect(await paths(cache)).toContain(join(root, 'src/was-deep/key.pem'));
    await writeFile(join(root, 'src/deep/late.pem'), 'x');
    expect(await paths(cache)).toContain(join(root, 'src/deep/late.pem'));
    // The folder that moved away is not watched as src/deep any more: a change in it is not news there.
    await writeFile(join(root, 'src/was-deep/other.pem'), 'x');
    expect(await paths(cache)).toContain(join(root, 'src/was-deep/other.pem'));
  });

  it('sees a change made after more events than the kernel queues while this process was busy (an inotify overflow)', async () => {
    // Past fs.inotify.max_queued_events unread events the kernel drops the rest and Node says
    // nothing; the flood itself must make the cache read everything again.
    const max = Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8'));
    await mkdir(join(root, 'flood'));
    const cache = cacheOf();
    await cache.masks();
    // spawnSync holds the event loop, so no event is read until the child has made them all.
    const flood = `${floodScript(max)} fs.writeFileSync('src/late.pem', 'x')`;
    expect(spawnSync(process.execPath, ['-e', flood], { cwd: root }).status).toBe(0);
    expect(await paths(cache)).toContain(join(root, 'src/late.pem'));
  });

  it.skipIf(!watch)('sees it in another workspace too: a flood in one drops the events of every watch of the process', async () => {
    const max = Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8'));
    await mkdir(join(root, 'flood'));
    const other = await realpath(await mkdtemp(join(tmpdir(), 'quiver-masks-other-')));
    try {
      await writeFile(join(other, '.quiverignore'), '*.pem\n');
      const otherIgnore = await createIgnoreService(await createWorkspace([other]));
      const source = { roots: [other], version: () => otherIgnore.rulesVersion(), filter: () => otherIgnore.listingFilter() };
      const otherCache = createMaskCache(source);
      caches.push(otherCache, otherIgnore);
      const cache = cacheOf();
      await cache.masks();
      await otherCache.masks();
      const flood = `${floodScript(max)} fs.writeFileSync(${JSON.stringify(join(other, 'late.pem'))}, 'x')`;
      expect(spawnSync(process.execPath, ['-e', flood], { cwd: root }).status).toBe(0);
      expect((await otherCache.masks()).map((m) => m.path)).toContain(join(other, 'late.pem'));
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('drops the mask of a hidden link whose target is gone', async () => {
    await mkdir(join(root, 'elsewhere'));
    await writeFile(join(root, 'elsewhere/real.txt'), 'x');
    await symlink(join(root, 'elsewhere/real.txt'), join(root, 'src/link.pem'));
    const cache = cacheOf();
    expect(await paths(cache)).toContain(join(root, 'elsewhere/real.txt'));
    await rm(join(root, 'elsewhere/real.txt'));
    expect(await paths(cache)).not.toContain(join(root, 'elsewhere/real.txt'));
  });

  it.skipIf(watch)('reads again only the folders whose mtime changed, once their mtime is old enough to trust', async () => {
    const old = new Date(Date.now() - 60_000);
    for (const dir of ['', 'src', 'src/deep']) await utimes(join(root, dir), old, old);
    const cache = cacheOf();
    const first = await cache.masks();
    expect(await cache.masks()).toBe(first);
    // A shown file is added: its folder is read again, the masks stay the same array.
    await writeFile(join(root, 'src/plain.ts'), 'x');
    expect(await cache.masks()).toEqual(first);
    // A hidden one, in a folder whose mtime then looks old again: still seen (the mtime changed).
    await writeFile(join(root, 'src/deep/late.pem'), 'x');
    await utimes(join(root, 'src/deep'), new Date(Date.now() - 30_000), new Date(Date.now() - 30_000));
    expect(await paths(cache)).toContain(join(root, 'src/deep/late.pem'));
  });
});

describe('createMaskCache over its watch budget', () => {
  it('stats the folders it cannot watch, and still sees a new hidden file in them', async () => {
    const cache = createMaskCache(
      { roots: [root], version: () => ignore.rulesVersion(), filter: () => ignore.listingFilter(), visible: () => ignore.ruleFiles() },
      { maxWatches: 1 },
    );
    caches.push(cache);
    await cache.masks();
    await writeFile(join(root, 'src/deep/over.pem'), 'x');
    expect((await cache.masks()).map((m) => m.path)).toContain(join(root, 'src/deep/over.pem'));
  });
});
