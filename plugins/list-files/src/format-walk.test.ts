import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareListedPaths, formatFilesList, listingText, sortListedPaths } from './format-files-list.js';
import { collator } from './segment-sort-key.js';
import { formatWalk } from './format-walk.js';
import { listFiles, listFilesCounted, walkPaths, type ListFilesOptions } from './list-files.js';

// formatWalk sorts folder by folder, sortListedPaths sorts paths (and is formatWalk's
// fallback); both must give exactly the listing order by definition (referenceCompare below,
// a plain comparator sort). Checked on real trees.

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

/** A small deterministic PRNG, so a failure is reproducible. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const ASCII_PARTS = [
  'a',
  'B',
  'z',
  'Z',
  'file',
  'File',
  'README',
  '0',
  '00',
  '007',
  '1',
  '2',
  '10',
  '9',
  '-',
  '_',
  '.',
  ' ',
  '~',
  '(1)',
  '[x]',
  '#',
  '+',
];
const UNICODE_PARTS = ['é', 'e\u0301', 'É', 'ß', '日本', 'Å', 'ﬁ'];

function name(next: () => number, unicode: boolean): string {
  const parts = unicode ? [...ASCII_PARTS, ...UNICODE_PARTS] : ASCII_PARTS;
  let s = next() < 0.15 ? '.' : '';
  for (let i = 1 + Math.floor(next() * 3); i > 0; i--) s += parts[Math.floor(next() * parts.length)];
  return s === '.' || s === '..' ? `${s}x` : s;
}

interface TreeShape {
  seed: number;
  unicode: boolean;
  /** Give some folders a sibling whose name the collator calls equal (`Src`/`src`, `01`/`1`). */
  twins: boolean;
}

/** A random tree of ~300–600 entries, 4 levels deep, with a `.gitignore` and links to folders inside. */
function randomTree({ seed, unicode, twins }: TreeShape): string {
  const next = random(seed);
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'quiver-fw-')));
  roots.push(root);
  const folders: string[] = [root];
  const fill = (dir: string, depth: number) => {
    const used = new Set<string>();
    const fresh = () => {
      let n = name(next, unicode);
      while (used.has(n)) n += 'x';
      used.add(n);
      return n;
    };
    for (let i = 2 + Math.floor(next() * 12); i > 0; i--) writeFileSync(join(dir, fresh()), '');
    if (depth === 0) return;
    for (let i = 2 + Math.floor(next() * 3); i > 0; i--) {
      // A hidden folder is not entered (one in ten stays hidden, to be listed or not as before).
      const sub = join(dir, next() < 0.1 ? fresh() : fresh().replace(/^\./, 'd'));
      mkdirSync(sub);
      folders.push(sub);
      fill(sub, depth - 1);
    }
    if (twins && next() < 0.5) {
      for (const [a, b] of [
        ['Src', 'src'],
        ['01', '1'],
      ]) {
        if (used.has(a) || used.has(b)) continue;
        used.add(a).add(b);
        mkdirSync(join(dir, a));
        mkdirSync(join(dir, b));
        writeFileSync(join(dir, a, 'z.ts'), '');
        writeFileSync(join(dir, b, 'a.ts'), '');
      }
    }
  };
  fill(root, 3);
  writeFileSync(join(root, '.gitignore'), '*.log\n~*\n');
  symlinkSync(folders[Math.floor(next() * folders.length)], join(root, 'link-in'));
  symlinkSync(tmpdir(), join(root, 'link-out'));
  return root;
}

/**
 * The listing order by definition, with no segment key and no tree (so neither formatWalk nor
 * sortListedPaths, its fallback, is compared with itself): segment by segment, a path that
 * ends at a segment before one that goes on, then the collator; two segments the collator
 * calls equal (`Src`/`src`) go on to the next one. That last rule is where it differs from the
 * baseline's comparator (compareListedPaths), which calls such paths equal and so is no total
 * order when two sibling folders' names are equal to the collator.
 */
function referenceCompare(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const xEnds = i + 1 === x.length;
    const yEnds = i + 1 === y.length;
    if (xEnds !== yEnds) return xEnds ? -1 : 1;
    const c = collator.compare(x[i], y[i]);
    if (c !== 0) return c;
  }
  return x.length - y.length;
}

async function referenceText(root: string, options: ListFilesOptions): Promise<string> {
  const [paths, hit] = await listFiles(root, options);
  return listingText([...paths].sort(referenceCompare), hit);
}

async function walkText(root: string, options: ListFilesOptions): Promise<string> {
  const { walk } = await listFilesCounted(root, options, { limit: 5000, timeoutMs: 10_000 });
  return formatWalk(walk!);
}

describe('formatWalk (the listing sorted per folder)', () => {
  const shapes: TreeShape[] = [];
  for (let seed = 1; seed <= 4; seed++) shapes.push({ seed, unicode: false, twins: false });
  for (let seed = 5; seed <= 6; seed++) shapes.push({ seed, unicode: true, twins: false });
  for (let seed = 7; seed <= 8; seed++) shapes.push({ seed, unicode: false, twins: true });

  for (const shape of shapes) {
    it(`gives the global sort's text byte for byte (seed ${shape.seed}${shape.unicode ? ', unicode' : ''}${shape.twins ? ', equal-key folders' : ''})`, async () => {
      const root = randomTree(shape);
      for (const recursive of [true, false]) {
        const options = { recursive, limit: Infinity, timeoutMs: 60_000, root };
        const expected = await referenceText(root, options);
        expect(expected.split('\n').length).toBeGreaterThan(recursive ? 100 : 2);
        expect(await walkText(root, options)).toBe(expected);
        const [paths, hit] = await listFiles(root, options);
        expect(formatFilesList(paths, hit)).toBe(expected);
        // Without equal-key sibling folders the baseline's comparator is a total order: the same.
        if (!shape.twins) expect(listingText([...paths].sort(compareListedPaths), hit)).toBe(expected);
      }
    });
  }

  it('orders files before folders, numerically and case-insensitively, each folder before its contents', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'quiver-fw-')));
    roots.push(root);
    for (const d of ['b', 'A', 'a10', 'a9', 'a9/x', '.hidden']) mkdirSync(join(root, d));
    for (const f of ['file10.txt', 'File9.txt', 'a9/y.ts', 'a9/x/z', '.env', 'b.md']) writeFileSync(join(root, f), '');
    const text = await walkText(root, { recursive: true, root });
    expect(text).toBe(['.env', 'b.md', 'File9.txt', 'file10.txt', 'A/', 'a9/', 'a9/y.ts', 'a9/x/', 'a9/x/z', 'a10/', 'b/'].join('\n'));
    expect(text).toBe(sortListedPaths(text.split('\n')).join('\n'));
  });

  it('leaves a cut walk to the global sort of its first entries', async () => {
    const root = randomTree({ seed: 9, unicode: false, twins: false });
    const options = { recursive: true, limit: 50, timeoutMs: 60_000, root };
    const { walk } = await listFilesCounted(root, options, { limit: 5000, timeoutMs: 10_000 });
    expect(walk!.didHitLimit).toBe(true);
    expect(formatWalk(walk!)).toBe(listingText(walkPaths(walk!).sort(referenceCompare), true));
    expect(formatWalk(walk!)).toBe(await referenceText(root, options));
  });
});
