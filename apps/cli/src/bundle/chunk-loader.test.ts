// The bundle's chunk loader (dist/chunk-loader.js, built by bundle-code-cache.ts) runs converted
// chunks with their V8 code cache. These tests run the built loader in real Node processes on
// chunks in a temporary folder: the cache must never run code other than the chunk's source,
// a valid one must be used, and only the build's training hook writes one.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trainingHook } from '../../bundle-code-cache.js';

const LOADER = fileURLToPath(new URL('../../dist/chunk-loader.js', import.meta.url));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quiver-chunk-loader-'));
  copyFileSync(LOADER, join(dir, 'chunk-loader.js'));
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  writeFileSync(join(dir, 'train.mjs'), trainingHook(pathToFileURL(join(dir, 'chunk-loader.js')).href));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A chunk as the build writes it: CommonJS, a sibling required as ./x.js, import() and import.meta through the loader. */
function writeChunks(word: string) {
  writeFileSync(join(dir, 'b.cjs'), 'exports.twice = (s) => s + s;\n');
  writeFileSync(
    join(dir, 'a.cjs'),
    [
      'const b = require("./b.js");',
      `exports.word = function word() { return b.twice("${word}"); };`,
      'exports.here = __quiverImportMeta.url;',
      'exports.os = () => __quiverImport("node:os").then((m) => typeof m.platform);',
      // Called only when asked: a second training run compiles it on top of the first's cache.
      'exports.later = function later() { return [1, 2, 3].map((x) => x * 2).join(","); };',
    ].join('\n'),
  );
}

interface Loaded {
  word: string;
  here: string;
  os: string;
  later?: string;
  report: { name: string; status: string }[];
}

function run(options: { train?: boolean; later?: boolean; env?: Record<string, string> } = {}) {
  const script = [
    "import { loadChunk, chunkCacheReport } from './chunk-loader.js';",
    "const a = loadChunk('a.cjs');",
    `const later = ${options.later ? 'a.later()' : 'undefined'};`,
    'console.log(JSON.stringify({ word: a.word(), here: a.here, os: await a.os(), later, report: chunkCacheReport() }));',
  ].join('\n');
  const argv = [...(options.train ? ['--import', './train.mjs'] : []), '--input-type=module', '-e', script];
  return spawnSync(process.execPath, argv, { cwd: dir, env: { ...process.env, ...options.env }, encoding: 'utf8', timeout: 30_000 });
}

function load(options: Parameters<typeof run>[0] = {}): Loaded {
  const r = run(options);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout) as Loaded;
}

const statusOf = (l: Loaded, name: string) => l.report.find((r) => r.name === name)?.status;

describe('the chunk loader', () => {
  it('runs a chunk with its siblings, import() and import.meta of its ES module, and uses the cache it was trained with', () => {
    writeChunks('ab');
    const first = load({ train: true });
    expect(first).toMatchObject({ word: 'abab', here: new URL('a.js', `file://${dir}/`).href, os: 'function' });
    expect(statusOf(first, 'a.cjs')).toBe('none');
    expect(existsSync(join(dir, 'a.cjs.cache'))).toBe(true);
    expect(existsSync(join(dir, 'b.cjs.cache'))).toBe(true);
    // The next start runs both chunks from their caches (V8 accepted them).
    expect(load().report).toEqual([
      { name: 'a.cjs', status: 'accepted' },
      { name: 'b.cjs', status: 'accepted' },
    ]);
  });

  it('never runs a cache made for other source, even of the same length, or a damaged one', () => {
    writeChunks('ab');
    load({ train: true });
    const trained = readFileSync(join(dir, 'a.cjs.cache'));
    writeChunks('cd'); // same length: V8's own check (the length) would accept the old bytecode
    let l = load();
    expect(l).toMatchObject({ word: 'cdcd' });
    expect(statusOf(l, 'a.cjs')).toBe('none');
    // Back to the source it was made for, but one byte of the bytecode flipped: V8 checks no
    // checksum and would run it; the header's CRC-32 refuses it.
    writeChunks('ab');
    const damaged = Buffer.from(trained);
    damaged[damaged.length - 40] ^= 0x5a;
    writeFileSync(join(dir, 'a.cjs.cache'), damaged);
    l = load();
    expect(l).toMatchObject({ word: 'abab' });
    expect(statusOf(l, 'a.cjs')).toBe('none');
    // Cut short, without its header, or garbage: ignored as well.
    for (const bad of [trained.subarray(0, trained.length - 100), trained.subarray(74), Buffer.from('garbage')]) {
      writeFileSync(join(dir, 'a.cjs.cache'), bad);
      expect(statusOf(load(), 'a.cjs')).toBe('none');
    }
    writeFileSync(join(dir, 'a.cjs.cache'), trained);
    expect(statusOf(load(), 'a.cjs')).toBe('accepted');
  });

  it('refuses a cache made for the same source under another wrapper', () => {
    writeChunks('ab');
    load({ train: true });
    // The loader with another wrapper head (a parameter added): the chunk's source is unchanged.
    const loader = readFileSync(join(dir, 'chunk-loader.js'), 'utf8');
    const changed = loader.replace('__quiverImportMeta, __quiverImport)', '__quiverImportMeta, __quiverImport, __quiverMore)');
    expect(changed).not.toBe(loader);
    writeFileSync(join(dir, 'chunk-loader.js'), changed);
    const l = load();
    expect(l).toMatchObject({ word: 'abab' });
    expect(statusOf(l, 'a.cjs')).toBe('none');
  });

  it('writes caches only under the training hook, never because of QUIVER_TRAIN_CODE_CACHE', () => {
    writeChunks('ab');
    load({ env: { QUIVER_TRAIN_CODE_CACHE: '1' } });
    expect(readdirSync(dir).filter((f) => f.endsWith('.cache'))).toEqual([]);
    load({ train: true });
    const first = readFileSync(join(dir, 'a.cjs.cache'));
    writeChunks('cd');
    load({ env: { QUIVER_TRAIN_CODE_CACHE: '1' } });
    expect(readFileSync(join(dir, 'a.cjs.cache')).equals(first)).toBe(true);
    load({ train: true });
    expect(readFileSync(join(dir, 'a.cjs.cache')).equals(first)).toBe(false);
    expect(statusOf(load(), 'a.cjs')).toBe('accepted');
  });

  it("adds a second training run's functions to the cache it started from", () => {
    writeChunks('ab');
    load({ train: true });
    const first = readFileSync(join(dir, 'a.cjs.cache'));
    const second = load({ train: true, later: true });
    expect(statusOf(second, 'a.cjs')).toBe('accepted');
    expect(second.later).toBe('2,4,6');
    // Rewritten with `later` (and its arrow) compiled in, on top of what the first run had.
    expect(readFileSync(join(dir, 'a.cjs.cache')).length).toBeGreaterThan(first.length);
    expect(statusOf(load({ later: true }), 'a.cjs')).toBe('accepted');
  });

  it('reports a cache it cannot write and exits non-zero, without throwing or touching the old one', () => {
    writeChunks('ab');
    load({ train: true });
    const old = readFileSync(join(dir, 'b.cjs.cache'));
    // a.cjs.cache is a folder: the rename over it fails.
    rmSync(join(dir, 'a.cjs.cache'));
    mkdirSync(join(dir, 'a.cjs.cache'));
    writeChunks('cd');
    const r = run({ train: true });
    expect(r.status).toBe(70);
    expect(r.stdout).toContain('"word":"cdcd"');
    expect(r.stderr).toMatch(/^code cache: cannot write .*a\.cjs\.cache: /);
    expect(r.stderr).not.toMatch(/at .*chunk-loader/); // reported, not a stack trace
    expect(readFileSync(join(dir, 'b.cjs.cache')).equals(old)).toBe(false); // the others were written
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
