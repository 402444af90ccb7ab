// Runs the bundle's chunks that the build turned into CommonJS (see ../../bundle-code-cache.ts)
// with V8's code cache: Node 20 cannot give an ES module cached bytecode (no
// module.enableCompileCache), so every start compiled ~900 KB of chunks again (~40 ms of CPU,
// and more for each function compiled on first call). A vm.Script can take cachedData.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';

/** The parameters of the function a chunk's code is wrapped in (the build writes the code for them). */
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname, __quiverImportMeta, __quiverImport) {"use strict";';
const WRAPPER_TAIL = '\n})';

/**
 * What a chunk's cache did at load: `accepted` (V8 ran its bytecode), `rejected` (it named this
 * source but V8 refused it: another V8 version or flags), `none` (missing, made for other
 * source or another wrapper, or damaged).
 */
export type ChunkCacheStatus = 'accepted' | 'rejected' | 'none';

/** A chunk's module object, as a CommonJS module has one. */
interface ChunkModule {
  exports: Record<string, unknown>;
}

interface Loaded {
  module: ChunkModule;
  script: Script;
  cacheFile: string;
  sourceHash: string;
  status: ChunkCacheStatus;
}

const dir = new URL('./', import.meta.url);
const chunks = new Map<string, Loaded>();

/**
 * The exports of one converted chunk (`chunk-X.cjs` beside this file), run once per process.
 * Its cache (`chunk-X.cjs.cache`, written by the build) is used only if its header names the
 * SHA-256 of the very code compiled (this wrapper around this source) and the CRC-32 of the
 * bytecode after it, and V8 accepts it (same V8 version and flags; V8 itself checks no
 * checksum, so a damaged byte would otherwise run); anything else compiles the source as
 * usual. The cache is read only from the CLI's own folder, never from a workspace.
 * @param name - the file name, e.g. `chunk-X.cjs`.
 */
export function loadChunk(name: string): Record<string, unknown> {
  const known = chunks.get(name);
  if (known) return known.module.exports;
  const url = new URL(name, dir);
  const file = fileURLToPath(url);
  const bytes = readFileSync(url);
  const sourceHash = createHash('sha256').update(WRAPPER_HEAD).update(bytes).update(WRAPPER_TAIL).digest('hex');
  const cacheFile = `${file}.cache`;
  const cachedData = readCache(cacheFile, sourceHash);
  const script = new Script(`${WRAPPER_HEAD}${bytes.toString('utf8')}${WRAPPER_TAIL}`, { filename: file, cachedData });
  const module: ChunkModule = { exports: {} };
  const status: ChunkCacheStatus = cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted';
  // Registered before it runs, as require() does, so a cycle between chunks gets the partial exports.
  chunks.set(name, { module, script, cacheFile, sourceHash, status });
  const nodeRequire = createRequire(url);
  // require.resolve, .cache and .main stay Node's, as with the banner's createRequire.
  const requireChunk = Object.assign(
    (spec: string) => (CHUNK_SPEC.test(spec) ? loadChunk(`${spec.slice(2, -3)}.cjs`) : nodeRequire(spec)),
    nodeRequire,
  );
  // The chunk's import.meta.url is its ES module's (chunk-X.js), so paths made from it are
  // unchanged. Only `url`: the build keeps a chunk that reads anything else of import.meta an
  // ES module (bundle-code-cache.ts, IMPORT_META_KEYS).
  const importMeta = { url: new URL(name.replace(/\.cjs$/, '.js'), dir).href };
  const importFrom = (spec: unknown, options?: ImportCallOptions) => import(resolveSpecifier(String(spec), importMeta.url), options);
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(undefined, module.exports, requireChunk, module, file, fileURLToPath(new URL('.', url)), importMeta, importFrom);
  return module.exports;
}

/** `./chunk-X.js`: a sibling chunk the build converted (the build only converts a chunk whose siblings are converted too). */
const CHUNK_SPEC = /^\.\/[\w.-]+\.js$/;

/** A relative specifier resolved against the chunk's own URL, as its `import()` would be; others as they are. */
function resolveSpecifier(spec: string, base: string): string {
  return spec.startsWith('./') || spec.startsWith('../') ? new URL(spec, base).href : spec;
}

/** The header line of a cache file: `<sha256 of the compiled code> <crc32 of the bytecode, 8 hex>\n`. */
function cacheHeader(sourceHash: string, bytecode: Uint8Array): string {
  return `${sourceHash} ${crc32(bytecode).toString(16).padStart(8, '0')}\n`;
}

/** The cached bytecode after the header, when the header names this code and the bytecode is whole. */
function readCache(file: string, sourceHash: string): Buffer | undefined {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return undefined;
  }
  const head = sourceHash.length + 10;
  if (data.length <= head || data.toString('latin1', 0, sourceHash.length) !== sourceHash) return undefined;
  const bytecode = data.subarray(head);
  return data.toString('latin1', 0, head) === cacheHeader(sourceHash, bytecode) ? bytecode : undefined;
}

/** How each chunk this process loaded used its cache, in load order (for tests and `--cpu-prof` studies). */
export function chunkCacheReport(): { name: string; status: ChunkCacheStatus }[] {
  return [...chunks].map(([name, { status }]) => ({ name, status }));
}

/**
 * Write the cache of every chunk this process loaded: the bytecode of every function compiled
 * so far, including those that came from the cache it loaded with, so a second training run
 * (the MCP session after `exec`) adds its functions to the first one's. Only the build calls
 * this (its training runs load it with `node --import`, see bundle-code-cache.ts); nothing in
 * the shipped command does, whatever the environment says. Never throws: each file is written
 * whole beside the cache and renamed over it, and a chunk whose cache cannot be written is
 * reported and keeps its old file.
 */
export function writeChunkCaches(): { written: string[]; failed: { file: string; message: string }[] } {
  const written: string[] = [];
  const failed: { file: string; message: string }[] = [];
  for (const { script, cacheFile, sourceHash } of chunks.values()) {
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    try {
      const bytecode = script.createCachedData();
      writeFileSync(temporary, Buffer.concat([Buffer.from(cacheHeader(sourceHash, bytecode), 'latin1'), bytecode]));
      renameSync(temporary, cacheFile);
      written.push(cacheFile);
    } catch (error) {
      failed.push({ file: cacheFile, message: (error as Error).message });
      try {
        rmSync(temporary, { force: true });
      } catch {
        // Left behind: the loader never reads a `.tmp` file.
      }
    }
  }
  return { written, failed };
}
