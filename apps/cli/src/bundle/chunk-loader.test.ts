// The bundle's chunk loader (dist/chunk-loader.js, built by bundle-code-cache.ts) runs converted
// chunks with their V8 code cache. These tests run the built loader in real Node processes on
// chunks in a temporary folder: the cache must never run code other than the chunk's source.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const LOADER = fileURLToPath(new URL('../../dist/chunk-loader.js', import.meta.url));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quiver-chunk-loader-'));
  copyFileSync(LOADER, join(dir, 'chunk-loader.js'));
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
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
    ].join('\n'),
  );
}

function load(train = false) {
  const script = `import { loadChunk } from './chunk-loader.js'; const a = loadChunk('a.cjs'); console.log(JSON.stringify({ word: a.word(), here: a.here, os: await a.os() }));`;
  const env = { ...process.env, QUIVER_TRAIN_CODE_CACHE: train ? '1' : '' };
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, env, encoding: 'utf8', timeout: 30_000 });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as { word: string; here: string; os: string };
}

describe('the chunk loader', () => {
  it('runs a chunk with its siblings, import() and import.meta of its ES module, and trains a cache', () => {
    writeChunks('ab');
    expect(load(true)).toEqual({ word: 'abab', here: new URL('a.js', `file://${dir}/`).href, os: 'function' });
    expect(existsSync(join(dir, 'a.cjs.cache'))).toBe(true);
    expect(load()).toMatchObject({ word: 'abab' });
  });

  it('never runs a cache made for other source, even of the same length', () => {
    writeChunks('ab');
    load(true);
    const trained = readFileSync(join(dir, 'a.cjs.cache'));
    writeChunks('cd'); // same length: V8's own check (the length) would accept the old bytecode
    expect(load()).toMatchObject({ word: 'cdcd' });
    // A cache whose header names no source at all, or garbage, is ignored as well.
    writeFileSync(join(dir, 'a.cjs.cache'), trained.subarray(65));
    expect(load()).toMatchObject({ word: 'cdcd' });
    writeFileSync(join(dir, 'a.cjs.cache'), 'garbage');
    expect(load()).toMatchObject({ word: 'cdcd' });
  });

  it('replaces a stale cache only in a training run', () => {
    writeChunks('ab');
    load(true);
    const first = readFileSync(join(dir, 'a.cjs.cache'));
    writeChunks('cd');
    load();
    expect(readFileSync(join(dir, 'a.cjs.cache')).equals(first)).toBe(true);
    load(true);
    expect(readFileSync(join(dir, 'a.cjs.cache')).equals(first)).toBe(false);
    expect(load()).toMatchObject({ word: 'cdcd' });
  });
});
