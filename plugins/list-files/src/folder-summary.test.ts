import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderSummary } from './folder-summary.js';
import { listFiles, listFilesCounted, walkPaths } from './list-files.js';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

/** A temp tree with `perFolder` files in each of the given folders. */
function tree(folders: string[], perFolder: number): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'quiver-fs-')));
  roots.push(root);
  for (const f of folders) {
    mkdirSync(join(root, f), { recursive: true });
    for (let i = 0; i < perFolder; i++) writeFileSync(join(root, f, `f${i}.ts`), '');
  }
  return root;
}

describe('the cut listing and its counts come from one walk', () => {
  it('shows the same entries as the capped walk and counts what it did not show', async () => {
    const root = tree(['a/x', 'a/y', 'b'], 30);
    const [capped, hit] = await listFiles(root, { recursive: true, limit: 40 });
    const counted = await listFilesCounted(root, { recursive: true, limit: 40 }, { limit: 10_000, timeoutMs: 10_000 });
    expect(walkPaths(counted.walk!)).toEqual(capped);
    expect(counted.walk!.didHitLimit).toBe(hit);
    expect(counted.counts?.unread).toEqual([]);
    expect([...counted.counts!.folders.values()].reduce((n, t) => n + t.files, 0)).toBe(90);
    expect(folderSummary(walkPaths(counted.walk!), counted.counts!, true)).toMatch(
      /^Folders not fully shown \(90 files in all\), with the files below each:\n/,
    );
  });

  it('reads about its entry bound while counting, not a whole batch of folders past it', async () => {
    // 60 folders of 20 files below the cut; a bound of 200 entries is reached after ~10 of them.
    const root = tree(
      Array.from({ length: 60 }, (_, i) => `d${String(i).padStart(2, '0')}`),
      20,
    );
    const counted = await listFilesCounted(root, { recursive: true, limit: 30 }, { limit: 200, timeoutMs: 10_000 });
    const read = [...counted.counts!.folders.values()].reduce((n, t) => n + t.entries, 0);
    expect(read).toBeGreaterThanOrEqual(200);
    // At most the reads in flight (4 folders) past the bound.
    expect(read).toBeLessThanOrEqual(200 + 4 * 20);
    expect(counted.counts!.unread.length).toBeGreaterThan(40);
  });

  it('gives no counts when nothing was cut', async () => {
    const root = tree(['a'], 3);
    expect((await listFilesCounted(root, { recursive: true, limit: 200 }, { limit: 10, timeoutMs: 10_000 })).counts).toBeUndefined();
  });

  it('past its bound, leaves folders unread and marks only the counts that miss them as lower bounds', async () => {
    // Breadth-first, one folder at a time: a/ is read at the cut, b/ and a/deep/ while counting,
    // and then the bound of 45 entries is passed, so a/deep/deeper/ is never read.
    const root = tree(['a', 'b', 'a/deep', 'a/deep/deeper'], 20);
    const counted = await listFilesCounted(root, { recursive: true, limit: 3, concurrency: 1 }, { limit: 45, timeoutMs: 10_000 });
    expect(walkPaths(counted.walk!)).toEqual(['a/', 'b/', 'a/deep/']);
    expect(counted.counts!.unread).toEqual(['a/deep/deeper/']);
    expect(folderSummary(walkPaths(counted.walk!), counted.counts!, true)).toBe(
      'Folders not fully shown (60+ files in all), with the files below each:\na/ 40+ files\na/deep/ 20+ files\nb/ 20 files',
    );
  });
});

describe('folderSummary', () => {
  const folders = (entries: [string, number, number][]) => new Map(entries.map(([f, e, n]) => [f, { entries: e, files: n }]));

  it('says "not counted" for a folder shown but never read', () => {
    const text = folderSummary(
      ['a/', 'b/', 'b/x.ts'],
      {
        folders: folders([
          ['', 2, 0],
          ['b/', 2, 2],
        ]),
        unread: ['a/'],
      },
      true,
    );
    expect(text).toBe('Folders not fully shown (2+ files in all), with the files below each:\na/ (not counted)\nb/ 2 files');
  });

  it('charges a hidden folder to the nearest folder shown', () => {
    const text = folderSummary(
      ['a/'],
      {
        folders: folders([
          ['', 1, 0],
          ['a/', 1, 0],
          ['a/b/', 3, 3],
        ]),
        unread: [],
      },
      true,
    );
    expect(text).toBe('Folders not fully shown (3 files in all), with the files below each:\na/ 3 files');
  });

  it('counts the entries of a flat listing exactly', () => {
    expect(folderSummary(['x'], { folders: folders([['', 250, 250]]), unread: [] }, false)).toBe(
      'Folders not fully shown, with their counts:\n./ 250 entries',
    );
  });
});
