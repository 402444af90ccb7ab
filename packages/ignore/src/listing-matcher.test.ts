import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceRoot } from '@quiver/core';
import { isNamePattern, loadRootRules } from './root-rules.js';
import { createRulesRegistry, type RulesRegistry } from './rules-registry.js';

// The listing matcher must answer exactly as the registry's `match` does, for any input: it
// is only a faster way to the same verdicts. Each case is checked against `match` itself.
let base: string;
let outer: string;
let inner: string;
let registry: RulesRegistry;

const NAMES = [
  'a.ts',
  'A.TS',
  '.env',
  '.ENV',
  'secret.key',
  'Secret.KEY',
  'build',
  'Build',
  'node_modules',
  'keep.key',
  'cafe\u0301',
  'caf\u00e9',
  'CAFE\u0301',
  '\u03a3',
  '\u039f\u03a3',
  'x.\u03a3',
  '\u0301x',
  '.quiverignore',
  '.QuiverIgnore',
  '.clineignore',
  'logs',
  'debug.log',
  '',
  '.',
  '..',
  'with space',
  'weird[1]',
];
const DIRS = [
  '',
  'src',
  'src/deep/er',
  'Build',
  'build/out',
  'docs/caf\u00e9',
  'docs/cafe\u0301',
  '\u039f\u03a3',
  'x/.quiverignore',
  'x/.QUIVERIGNORE/y',
  'inner',
  'inner/logs',
  'inner/Logs/deep',
  'inner/sub',
  'inner/src/sub/x',
  'inner/\u03a3',
  'inner/./src',
  'inner/../inner/src',
  'inner//src',
];

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-listing-matcher-')));
  outer = join(base, 'outer');
  inner = join(outer, 'inner');
  await mkdir(inner, { recursive: true });
  await writeFile(join(outer, '.quiverignore'), '.env\n*.key\n!keep.key\nbuild/\ncaf\u00e9/\n\u03c3\n/docs/*/\n');
  await writeFile(join(outer, '.clineignore'), 'debug.log\n');
  await writeFile(join(inner, '.quiverignore'), 'logs/\n*.ts\n!a.ts\n\u03c3\nsub\n');
  const roots: WorkspaceRoot[] = [
    { name: 'outer', path: outer },
    { name: 'inner', path: inner },
  ];
  registry = createRulesRegistry(roots, ['.quiverignore', '.clineignore'], false);
});
afterAll(async () => {
  registry.dispose();
  await rm(base, { recursive: true, force: true });
});

function cases(): string[] {
  const paths: string[] = [];
  for (const dir of DIRS) for (const name of NAMES) paths.push(dir === '' ? `${outer}/${name}` : `${outer}/${dir}/${name}`);
  paths.push(
    outer,
    inner,
    base,
    `${base}/elsewhere/a.ts`,
    `${outer}2/a.ts`,
    '/',
    '/a.ts',
    'relative/a.ts',
    'a.ts',
    `${outer}//a.ts`,
    `${outer}/src/`,
    `${inner}/`,
  );
  return paths;
}

describe('isNamePattern', () => {
  it('accepts plain names and folder names, and nothing that needs the full path', () => {
    for (const p of ['*.ts', 'build/', '!keep.key', '.env', 'a?b', '[ab]c', '*']) expect(isNamePattern(p), p).toBe(true);
    for (const p of ['/build', 'a/b', 'docs/*/', '**/x', 'a**', '\\#x', 'x\\ ', 'x ', '/', '!/x', '[/]'])
      expect(isNamePattern(p), p).toBe(false);
  });

  it('marks each ignore file by its patterns', () => {
    const outerRules = loadRootRules({ name: 'outer', path: outer }, ['.quiverignore', '.clineignore']);
    expect(outerRules.matchers.map((m) => [m.source, m.basenameOnly])).toEqual([
      ['.quiverignore', false],
      ['.clineignore', true],
    ]);
    expect(loadRootRules({ name: 'inner', path: inner }, ['.quiverignore']).matchers[0].basenameOnly).toBe(true);
  });
});

describe('createListingMatcher', () => {
  it('gives the same verdict, file and pattern as match() for every path, as file and as folder', () => {
    const fast = registry.listingMatcher();
    let ignored = 0;
    for (const path of cases()) {
      for (const isDirectory of [false, true]) {
        const expected = registry.match(path, isDirectory);
        expect(fast(path, isDirectory), `${path} (${isDirectory ? 'dir' : 'file'})`).toEqual(expected);
        if (expected) ignored++;
      }
    }
    expect(ignored).toBeGreaterThan(100); // the cases exercise the rules, not just misses
  });

  it('agrees when paths arrive in any order (the per-folder cache is not order-bound)', () => {
    const fast = registry.listingMatcher();
    const all = cases().reverse();
    for (let i = 0; i < all.length; i += 7) all.push(all[i]);
    for (const path of all) expect(fast(path, false)).toEqual(registry.match(path, false));
  });

  it('keeps the rules it was made with after a reload', async () => {
    const fast = registry.listingMatcher();
    const before = fast(`${outer}/src/a.md`, false);
    await writeFile(join(outer, '.quiverignore'), '*.md\n');
    registry.reload();
    expect(registry.match(`${outer}/src/a.md`, false)).toBeDefined();
    expect(fast(`${outer}/src/a.md`, false)).toEqual(before);
    expect(registry.listingMatcher()(`${outer}/src/a.md`, false)).toEqual(registry.match(`${outer}/src/a.md`, false));
  });
});

describe('ListingMatcher.ignoredIn (per-folder yes/no)', () => {
  // One registry per root set: nested roots (several views per folder), and each root alone
  // (inner's rules are all name patterns, so its folders take the per-name memo).
  const registries = (): [string, RulesRegistry][] => [
    ['both roots', registry],
    ['outer alone', createRulesRegistry([{ name: 'outer', path: outer }], ['.quiverignore', '.clineignore'], false)],
    ['inner alone', createRulesRegistry([{ name: 'inner', path: inner }], ['.quiverignore'], false)],
  ];
  const folders = () => [...DIRS.map((d) => (d === '' ? outer : `${outer}/${d}`)), base, '/', `${inner}/logs/x`, `${inner}/sub`];

  it('says yes exactly where match() finds a rule, for every name of every folder, twice and in any order', () => {
    for (const [label, r] of registries()) {
      const fast = r.listingMatcher();
      let ignored = 0;
      for (const round of [0, 1]) {
        const dirs = round === 0 ? folders() : folders().reverse();
        for (const dir of dirs) {
          const judge = fast.ignoredIn(dir);
          for (const name of round === 0 ? NAMES : [...NAMES].reverse()) {
            for (const isDirectory of [false, true]) {
              const expected = r.match(`${dir}/${name}`, isDirectory) !== undefined;
              expect(judge(name, isDirectory), `${label}: ${dir} ${JSON.stringify(name)} (${isDirectory ? 'dir' : 'file'})`).toBe(expected);
              if (expected) ignored++;
            }
          }
        }
      }
      expect(ignored, label).toBeGreaterThan(50);
      if (r !== registry) r.dispose();
    }
  });
});
