import { spawnSync } from 'node:child_process';
import { mkdirSync, readFile, renameSync, symlinkSync, writeFileSync, type FSWatcher } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, folderWatchesOf, type Workspace, type WorkspaceOptions } from './create-workspace.js';
import { settleBarrier } from './settle-barrier.js';

let base: string;
let root: string;
let ws: Workspace | undefined;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-watched-')));
  root = join(base, 'root');
  await mkdir(join(root, 'd/sub'), { recursive: true });
  await mkdir(join(root, 'alt/sub'), { recursive: true });
  await writeFile(join(root, 'd/sub/x.txt'), 'x');
  await writeFile(join(root, 'alt/sub/x.txt'), 'x');
});
afterEach(async () => {
  ws?.dispose();
  ws = undefined;
  await rm(base, { recursive: true, force: true });
});

/** The gate's way: settle (its first two calls start the watching), then a settled resolve. */
async function settled(w: Workspace, input: string) {
  await w.settle();
  return w.resolveSync(input, { settled: true });
}

async function warmed(options?: WorkspaceOptions): Promise<Workspace> {
  ws = await createWorkspace([root], options ?? { watch: true });
  for (let i = 0; i < 3; i++) await settled(ws, 'd/sub/x.txt');
  return ws;
}

describe('resolveSync with folder watches', () => {
  it('serves a settled walk from the facts the watches keep, and only a settled one', async () => {
    const w = await warmed();
    const facts = folderWatchesOf(w)?.folder(join(root, 'd/sub'));
    expect(facts?.entries.get('x.txt')).toBe('file');
    // A planted fact (no event can remove it) shows which walks read the facts.
    facts?.entries.set('x.txt', 'missing');
    expect((await settled(w, 'd/sub/x.txt')).exists).toBe(false);
    expect(w.resolveSync('d/sub/x.txt').exists).toBe(true);
  });

  it('watches nothing until the second settle, so one call costs no watch', async () => {
    ws = await createWorkspace([root], { watch: true });
    expect(ws.settle()).toBeUndefined();
    ws.resolveSync('d/sub/x.txt', { settled: true });
    expect(ws.settle()).toBeUndefined();
    ws.resolveSync('d/sub/x.txt');
    expect(ws.settle()).toBeInstanceOf(Promise);
  });

  it('sees the root itself moved away and another folder put at its path (no event reaches the root watch)', async () => {
    const w = await warmed();
    renameSync(base, `${base}-moved`);
    mkdirSync(join(base, 'root/d'), { recursive: true });
    writeFileSync(join(base, 'root/d/sub'), 'now a file');
    try {
      await expect(settled(w, 'd/sub/x.txt')).rejects.toMatchObject({ rule: 'P3' });
    } finally {
      await rm(`${base}-moved`, { recursive: true, force: true });
    }
  });

  it('sees a folder swapped for a link and a new folder made in its place', async () => {
    const w = await warmed();
    renameSync(join(root, 'd'), join(root, 'd-old'));
    symlinkSync('alt', join(root, 'd'));
    expect((await settled(w, 'd/sub/x.txt')).resolved).toBe(join(root, 'alt/sub/x.txt'));
    renameSync(join(root, 'd'), join(root, 'd-link'));
    mkdirSync(join(root, 'd/sub'), { recursive: true });
    expect((await settled(w, 'd/sub/x.txt')).exists).toBe(false);
  });

  it('an entry named like its folder closes the folder (inotify names the folder itself that way)', async () => {
    const w = await warmed();
    writeFileSync(join(root, 'd/sub/sub'), 'same name');
    await w.settle();
    expect(folderWatchesOf(w)?.folder(join(root, 'd/sub'))?.entries.size).toBe(0);
  });

  it('on a file system outside the allowlist, never trusts a watch: every walk stats', async () => {
    const w = await warmed({ watch: { fsTypes: new Set() } });
    expect(w.settle()).toBeUndefined();
    expect(folderWatchesOf(w)?.folder(join(root, 'd'))).toBeUndefined();
    renameSync(join(root, 'd'), join(root, 'd-old'));
    expect(w.resolveSync('d/sub/x.txt', { settled: true }).exists).toBe(false);
  });

  it('when a watch cannot be set up, stats', async () => {
    const failing = () => {
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    };
    const w = await warmed({ watch: { watch: failing as unknown as () => FSWatcher } });
    expect(w.settle()).toBeUndefined();
    renameSync(join(root, 'd'), join(root, 'd-old'));
    expect(w.resolveSync('d/sub/x.txt', { settled: true }).exists).toBe(false);
  });

  it('with watch: false, settle has nothing to wait for', async () => {
    ws = await createWorkspace([root], { watch: false });
    for (let i = 0; i < 3; i++) ws.settle();
    expect(ws.settle()).toBeUndefined();
    expect(folderWatchesOf(ws)).toBeUndefined();
  });
});

describe('an inotify queue overflow', () => {
  it('closes every watch, so a change whose event the kernel dropped is still seen', async () => {
    await mkdir(join(root, 'flood'));
    const w = await warmed();
    for (let i = 0; i < 2; i++) await settled(w, 'flood/x');
    expect(folderWatchesOf(w)?.folder(join(root, 'flood'))?.entries.size).toBe(1);
    // A queue and a half of events while this process is blocked (spawnSync), then the swap.
    const script = [
      "const { writeFileSync, renameSync, symlinkSync, readFileSync } = require('node:fs');",
      "const max = Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8'));",
      `for (let i = 0; i < max * 1.5; i++) writeFileSync(${JSON.stringify(join(root, 'flood'))} + '/f' + i, '');`,
      `renameSync(${JSON.stringify(join(root, 'd'))}, ${JSON.stringify(join(root, 'd-old'))});`,
      `symlinkSync('alt', ${JSON.stringify(join(root, 'd'))});`,
    ].join('\n');
    spawnSync(process.execPath, ['-e', script], { stdio: 'inherit' });
    expect((await settled(w, 'd/sub/x.txt')).resolved).toBe(join(root, 'alt/sub/x.txt'));
  });
});

describe('settleBarrier', () => {
  it('from inside an I/O callback, resolves only after the watcher saw a change made just before', async () => {
    ws = await createWorkspace([root], { watch: true });
    const watches = folderWatchesOf(ws);
    watches?.start();
    const folder = watches?.folder(root);
    expect(folder).toBeDefined();
    let missed = 0;
    for (let i = 0; i < 100; i++) {
      folder?.entries.set('probe', i);
      await new Promise<void>((resolve) => {
        readFile(join(root, 'd/sub/x.txt'), () => {
          writeFileSync(join(root, 'probe'), String(i));
          void settleBarrier().then(() => {
            if (folder?.entries.has('probe')) missed++;
            resolve();
          });
        });
      });
    }
    expect(missed).toBe(0);
  });
});
