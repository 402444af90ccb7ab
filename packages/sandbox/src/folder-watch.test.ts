import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countInotifyEvent } from '@quiver/workspace';
import { afterEach, describe, expect, it } from 'vitest';
import { createFolderWatch, type FolderWatch } from './folder-watch.js';

let dir: string | undefined;
let fw: FolderWatch | undefined;
afterEach(() => {
  fw?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('folder watch and the process-wide flood count', () => {
  it('takes its folders as changed when a flood is counted by another of the process watchers (the workspace)', () => {
    dir = mkdtempSync(join(tmpdir(), 'quiver-folder-watch-'));
    fw = createFolderWatch();
    expect(fw.watch(dir)).toBe(true);
    expect(fw.unchanged(dir)).toBe(true);
    // The workspace's watchers count into the same globalThis count: a quarter of the kernel's
    // queue in one poll phase is a possible overflow of the one inotify queue both share.
    const threshold = Math.max(1, Math.floor(Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8')) / 4));
    for (let i = 0; i < threshold; i++) countInotifyEvent();
    expect(fw.unchanged(dir)).toBe(false);
  });
});
