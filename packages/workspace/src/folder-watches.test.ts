import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, statfsSync, type FSWatcher } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFolderWatches, FactMap, type FolderWatches } from './folder-watches.js';

/**
 * The folder watches with a scripted `fs.watch`: each test fires the events a kernel would,
 * so the case-folding rules can be shown without a casefold file system.
 */
let base: string;
let root: string;
let watches: FolderWatches | undefined;
const listeners = new Map<string, (event: string, name: string | null) => void>();

function fakeWatch(dir: string, _options: { persistent: boolean }, listener: (event: string, name: string | null) => void): FSWatcher {
  listeners.set(dir, listener);
  const w = new EventEmitter() as unknown as FSWatcher;
  (w as unknown as { close: () => void }).close = () => listeners.delete(dir);
  return w;
}

function open(): FolderWatches {
  watches = createFolderWatches([root], { watch: fakeWatch, fsTypes: new Set([statfsSync(root).type]) });
  watches.start();
  return watches;
}

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'quiver-folder-watches-'));
  root = join(base, 'root');
  mkdirSync(join(root, 'D', 'sub'), { recursive: true });
  listeners.clear();
});
afterEach(() => {
  watches?.dispose();
  watches = undefined;
  rmSync(base, { recursive: true, force: true });
});

describe('folder watches and case', () => {
  it('an event naming an entry in another ASCII case drops the fact kept under the typed name', () => {
    const w = open();
    const top = w.folder(root);
    top?.entries.set('D', 'dir');
    top?.marks.set('README.md', 'mark');
    listeners.get(root)?.('rename', 'd');
    listeners.get(root)?.('change', 'readme.MD');
    expect(top?.entries.has('D')).toBe(false);
    expect(top?.marks.has('README.md')).toBe(false);
  });

  it('closes the watches below an entry an event names in another case (a casefold folder swapped)', () => {
    const w = open();
    const inner = w.folder(join(root, 'D', 'sub'));
    expect(inner?.live).toBe(true);
    inner?.entries.set('x.txt', 'file');
    listeners.get(root)?.('rename', 'd');
    expect(inner?.live).toBe(false);
    expect(inner?.entries.size).toBe(0);
  });

  it('an event name beyond ASCII drops every fact of the folder (it may fold to any of them)', () => {
    const w = open();
    const top = w.folder(root);
    const inner = w.folder(join(root, 'D'));
    top?.entries.set('secret', 'file');
    listeners.get(root)?.('rename', '\u017fecret');
    expect(top?.live).toBe(false);
    expect(inner?.live).toBe(false);
  });

  it('never watches a folder whose path below the root is beyond ASCII', () => {
    mkdirSync(join(root, '\u017fub'));
    const w = open();
    expect(w.folder(join(root, '\u017fub'))).toBeUndefined();
    expect(w.folder(join(root, 'D'))).toBeDefined();
  });

  it('a disposed set never watches again, even if started', () => {
    const w = open();
    expect(w.folder(root)).toBeDefined();
    w.dispose();
    w.start();
    expect(w.folder(root)).toBeUndefined();
    expect(w.active()).toBe(false);
  });
});

describe('FactMap', () => {
  it('deletes every key equal but for ASCII case, and only those', () => {
    const m = new FactMap<string>();
    m.set('Readme', 'a').set('README', 'b').set('readme', 'c').set('other', 'd');
    expect(m.deleteFolded('rEaDmE').sort()).toEqual(['README', 'Readme', 'readme']);
    expect([...m.keys()]).toEqual(['other']);
    m.clear();
    expect(m.deleteFolded('other')).toEqual([]);
  });
});
