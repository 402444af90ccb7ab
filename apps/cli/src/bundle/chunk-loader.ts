// Runs the bundle's chunks that the build turned into CommonJS (see ../../bundle-code-cache.ts)
// with V8's code cache: Node 20 cannot give an ES module cached bytecode (no
// module.enableCompileCache), so every start compiled ~900 KB of chunks again (~40 ms of CPU,
// and more for each function compiled on first call). A vm.Script can take cachedData.
import { hash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/** The parameters of the function a chunk's code is wrapped in (the build writes the code for them). */
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname, __quiverImportMeta, __quiverImport) {"use strict";';

/** A chunk's module object, as a CommonJS module has one. */
interface ChunkModule {
  exports: Record<string, unknown>;
}

interface Loaded {
  module: ChunkModule;
  script: Script;
  cacheFile: string;
  sourceHash: string;
  /** Whether a valid cache was used; a training run writes one only where there was none. */
  cached: boolean;
}

const dir = new URL('./', import.meta.url);
const chunks = new Map<string, Loaded>();

/**
 * The exports of one converted chunk (`chunk-X.cjs` beside this file), run once per process.
 * Its cache (`chunk-X.cjs.cache`, written by the build) is used only if it names the SHA-256 of
 * this very source and V8 accepts it (same V8 version and flags); anything else compiles the
 * source as usual. The cache is read only from the CLI's own folder, never from a workspace.
 * @param name - the file name, e.g. `chunk-X.cjs`.
 */
export function loadChunk(name: string): Record<string, unknown> {
  const known = chunks.get(name);
  if (known) return known.module.exports;
  const url = new URL(name, dir);
  const file = fileURLToPath(url);
  const bytes = readFileSync(url);
  const sourceHash = hash('sha256', bytes);
  const cacheFile = `${file}.cache`;
  const cachedData = readCache(cacheFile, sourceHash);
  const script = new Script(`${WRAPPER_HEAD}${bytes.toString('utf8')}\n})`, { filename: file, cachedData });
  const module: ChunkModule = { exports: {} };
  const loaded: Loaded = { module, script, cacheFile, sourceHash, cached: cachedData !== undefined && !script.cachedDataRejected };
  // Registered before it runs, as require() does, so a cycle between chunks gets the partial exports.
  chunks.set(name, loaded);
  const nodeRequire = createRequire(url);
  // require.resolve, .cache and .main stay Node's, as with the banner's createRequire.
  const requireChunk = Object.assign(
    (spec: string) => (CHUNK_SPEC.test(spec) ? loadChunk(`${spec.slice(2, -3)}.cjs`) : nodeRequire(spec)),
    nodeRequire,
  );
  // The chunk's import.meta.url is its ES module's (chunk-X.js), so paths made from it are unchanged.
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

/** The cached bytecode after the header line `<sha256 of the source>\n`, when it names this source. */
function readCache(file: string, sourceHash: string): Buffer | undefined {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return undefined;
  }
  const head = sourceHash.length + 1;
  if (data.length <= head || data.toString('latin1', 0, sourceHash.length) !== sourceHash) return undefined;
  return data.subarray(head);
}

/**
 * Write a cache for each chunk this process ran without one (the build's training runs call
 * this at exit): the bytecode of every function compiled so far, so a start that runs the
 * same code compiles almost nothing.
 */
export function writeChunkCaches(): void {
  for (const { script, cacheFile, sourceHash, cached } of chunks.values()) {
    if (cached) continue;
    writeFileSync(cacheFile, Buffer.concat([Buffer.from(`${sourceHash}\n`, 'latin1'), script.createCachedData()]));
  }
}

if (process.env.QUIVER_TRAIN_CODE_CACHE === '1') process.on('exit', writeChunkCaches);
