import { describe, expect, it } from 'vitest';
import { compareListedPaths, sortListedPaths } from './format-files-list.js';
import { collator, compareSegmentKeys, segmentSortKey } from './segment-sort-key.js';

/** A small deterministic PRNG, so a failure is reproducible. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const ALPHABET = [
  ...'aAbBzZ09_-.~ $#@!()[]{}+=,;\'`^&%|<>?"*\\',
  '0',
  '00',
  '007',
  '10',
  '9',
  '123456789012345678901234567890',
  'é',
  'É',
  'ß',
  'ﬁ',
  '\u0001',
  '\u007f',
  '日',
  'Å',
];

function randomSegment(next: () => number): string {
  const n = 1 + Math.floor(next() * 6);
  let s = '';
  for (let i = 0; i < n; i++) s += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return s;
}

const sign = (n: number) => Math.sign(n);

/** The listing order as written in the baseline: the collator at the first differing segment. */
function referenceCompare(x: string, y: string): number {
  const a = x.split('/');
  const b = y.split('/');
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    if (a.length === i + 1 && b.length !== i + 1) return -1;
    if (b.length === i + 1 && a.length !== i + 1) return 1;
    return collator.compare(a[i], b[i]);
  }
  return a.length - b.length;
}

describe('segment sort keys', () => {
  it('order every pair of segments exactly as the collator does (differential, 40,000 pairs)', () => {
    const next = random(16);
    const wrong: string[] = [];
    for (let i = 0; i < 40_000; i++) {
      const a = randomSegment(next);
      const b = next() < 0.2 ? a.toUpperCase() : randomSegment(next);
      const got = sign(compareSegmentKeys(a, segmentSortKey(a), b, segmentSortKey(b)));
      if (got !== sign(collator.compare(a, b))) wrong.push(`${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('give no key to segments the collator must judge (non-ASCII, control characters)', () => {
    expect(segmentSortKey('café')).toBeUndefined();
    expect(segmentSortKey('a\u0001b')).toBeUndefined();
    // ASCII segments have one under an English locale, where the fast path is on.
    if (/^en/.test(collator.resolvedOptions().locale)) expect(segmentSortKey('File10.txt')).toBeTypeOf('string');
  });

  it('sortListedPaths gives the comparator order, numeric and case-insensitive, ties kept in input order', () => {
    const next = random(7);
    const paths = Array.from({ length: 3000 }, () => {
      const depth = 1 + Math.floor(next() * 3);
      const p = Array.from({ length: depth }, () => randomSegment(next).replace(/\//g, '')).join('/');
      return next() < 0.3 ? `${p}/` : p;
    });
    expect(sortListedPaths(paths)).toEqual([...paths].sort(referenceCompare));
    expect([...paths].sort(compareListedPaths)).toEqual([...paths].sort(referenceCompare));
    expect(sortListedPaths(['file10.txt', 'File9.txt', 'file1.txt', 'a/', 'A.txt', 'a.txt'])).toEqual([
      'A.txt',
      'a.txt',
      'file1.txt',
      'File9.txt',
      'file10.txt',
      'a/',
    ]);
  });

  it('sortListedPaths on printable ASCII (the keyed tree) gives the comparator order (differential, 20,000 paths)', () => {
    const next = random(11);
    const ascii = ALPHABET.filter((a) => /^[\x20-\x7e]+$/.test(a) && a !== '/');
    // Two different folder names the collator calls equal (`A` and `a`, `0` and `00`) tie in
    // the comparator (input order, whatever follows them) while the keyed tree goes on to the
    // next segment; the generator spells such folders one way, so the two orders are comparable.
    const folders = new Map<string | undefined, string>();
    const segment = (folder: boolean) => {
      let s = '';
      for (let i = 1 + Math.floor(next() * 5); i > 0; i--) s += ascii[Math.floor(next() * ascii.length)];
      if (!folder) return s;
      const key = segmentSortKey(s);
      if (!folders.has(key)) folders.set(key, s);
      return folders.get(key)!;
    };
    const paths = Array.from({ length: 20_000 }, () => {
      const depth = 1 + Math.floor(next() * 4);
      const dir = next() < 0.3;
      const parts = Array.from({ length: depth }, (_, i) => segment(dir || i < depth - 1));
      return dir ? `${parts.join('/')}/` : parts.join('/');
    });
    paths.push(...paths.slice(0, 500)); // duplicates keep their input order
    expect(sortListedPaths(paths)).toEqual([...paths].sort(referenceCompare));
  });
});
