import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse as parseProgram } from 'acorn';
import { buildSync, transformSync } from 'esbuild';
import { analyze } from 'eslint-scope';
import { init, parse } from 'es-module-lexer';

/** The bundle's entries: they stay ES modules (bin.js awaits at top level; the shared-* files are what outside packages import). */
const ENTRIES = ['bin.js', 'shared-core.js', 'shared-core-host.js', 'shared-zod.js', 'share-hooks.js'];
/** The runtime half (src/bundle/chunk-loader.ts): never converted itself. */
const LOADER = 'chunk-loader.js';
/** The two lines of tsup.config.ts's banner: a converted chunk gets its require from the loader. */
const BANNER =
  "import { createRequire as __quiverCreateRequire } from 'node:module';\nconst require = __quiverCreateRequire(import.meta.url);\n";
/**
 * The `import.meta` properties the loader gives a converted chunk (src/bundle/chunk-loader.ts
 * builds that object): a chunk that reads any other, or uses `import.meta` itself, stays an ES
 * module, where it gets Node's.
 */
export const IMPORT_META_KEYS: readonly string[] = ['url'];

interface Chunk {
  file: string;
  /** Relative static imports (`./chunk-X.js`): converted only if these are. */
  siblings: string[];
  /** The CommonJS code, or why the chunk stays an ES module. */
  code?: string;
  keep?: string;
  /** `local` is undefined for `export default <expression>`, a value no code can reassign. */
  exports: { name: string; local: string | undefined }[];
}

/**
 * Turn the bundle's chunks into CommonJS code that src/bundle/chunk-loader.ts runs with a V8
 * code cache, then train the cache. Node 20 cannot hand an ES module cached bytecode, and
 * compiling the ~900 KB a command loads was the largest part of `quiver exec`'s start.
 *
 * Each converted `X.js` becomes `X.cjs` plus a small ES module `X.js` that loads it and
 * re-exports its exports, so every importer (the entries, outside packages, `import()`)
 * keeps working and gets the same single instance. A chunk stays an ES module when it
 * cannot be converted exactly: a static import of a package (require() of an ES module
 * fails on Node 20), top-level await, `export *`, an exported binding that is reassigned
 * (a re-export would not see the new value), or a sibling that stays.
 * @param dist - the folder of the bundle (apps/cli/dist).
 */
export async function convertBundleChunks(dist: string): Promise<{ converted: string[]; kept: Map<string, string> }> {
  await init;
  // Built on its own (no shared chunk): the chunks it loads import it, so it may import none of them.
  buildSync({
    entryPoints: [fileURLToPath(new URL('./src/bundle/chunk-loader.ts', import.meta.url))],
    outfile: join(dist, LOADER),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
  });
  const chunks = new Map<string, Chunk>();
  const queue = [...ENTRIES];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (chunks.has(file) || !existsSync(join(dist, file))) continue;
    const chunk = readChunk(dist, file);
    chunks.set(file, chunk);
    queue.push(...chunk.siblings, ...dynamicSiblings(readFileSync(join(dist, file), 'utf8')));
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const chunk of chunks.values()) {
      if (chunk.keep) continue;
      const stays = chunk.siblings.find((s) => chunks.get(s)?.keep !== undefined || !chunks.has(s));
      if (stays) {
        chunk.keep = `imports ${stays}, which stays`;
        changed = true;
      }
    }
  }
  const converted: string[] = [];
  const kept = new Map<string, string>();
  for (const chunk of chunks.values()) {
    if (chunk.keep || chunk.code === undefined) {
      kept.set(chunk.file, chunk.keep ?? 'not converted');
      continue;
    }
    const cjs = chunk.file.replace(/\.js$/, '.cjs');
    writeFileSync(join(dist, cjs), chunk.code);
    writeFileSync(join(dist, chunk.file), facade(cjs, chunk.exports));
    converted.push(chunk.file);
  }
  return { converted, kept };
}

function readChunk(dist: string, file: string): Chunk {
  // A shebang (the chunk of src/bin.ts) is dropped: the chunk is never run as a script.
  const text = readFileSync(join(dist, file), 'utf8').replace(/^#!.*\n/, '');
  const [imports, exports] = parse(text);
  const siblings = imports.filter((i) => i.t === 1 && i.n?.startsWith('./')).map((i) => i.n!.slice(2));
  const chunk: Chunk = { file, siblings, exports: exports.map((e) => ({ name: e.n, local: e.ln })) };
  const keep = (why: string) => Object.assign(chunk, { keep: why });
  if (ENTRIES.includes(file) || file === LOADER) return keep('an entry');
  const pkg = imports.find((i) => i.t === 1 && i.n !== undefined && !i.n.startsWith('./') && !isBuiltin(i.n));
  if (pkg) return keep(`imports the package ${pkg.n}`);
  if (imports.some((i) => i.t === 1 && text.slice(i.ss, i.se).startsWith('export *'))) return keep('has export *');
  const reassigned = reassignedExport(text, chunk.exports);
  if (reassigned) return keep(`its export ${reassigned} is assigned after the chunk ran`);
  if (!text.startsWith(BANNER)) return keep('has no banner');
  const meta = imports.find((i) => i.t === 3 && !readsMetaKey(text, i.e));
  if (meta) return keep(`uses ${text.slice(meta.s, meta.e + 12).split(/[^\w$.]/)[0]}, which the loader's import.meta lacks`);
  // Dynamic import() and import.meta become the loader's (a vm.Script has no module loader).
  let code = text;
  for (const i of [...imports].reverse()) {
    if (i.t === 2 && code.slice(i.ss, i.ss + 6) === 'import') code = `${code.slice(0, i.ss)}__quiverImport${code.slice(i.ss + 6)}`;
    else if (i.t === 3) code = `${code.slice(0, i.s)}__quiverImportMeta${code.slice(i.e)}`;
  }
  code = code.slice(code.indexOf('\n', code.indexOf('\n') + 1) + 1);
  try {
    chunk.code = transformSync(code, { format: 'cjs', platform: 'node', target: 'node20', loader: 'js', logLevel: 'silent' }).code;
  } catch (error) {
    return keep(`esbuild cannot make it CommonJS (${(error as Error).message.split('\n')[0]})`);
  }
  return chunk;
}

/** Whether the `import.meta` ending at `end` is followed by `.<one of IMPORT_META_KEYS>` (and not written to). */
function readsMetaKey(text: string, end: number): boolean {
  const m = /^\.([\w$]+)(\s*(?:=(?!=)|\+\+|--|[-+*/%&|^]=))?/.exec(text.slice(end, end + 40));
  return m !== null && m[2] === undefined && IMPORT_META_KEYS.includes(m[1]);
}

/** `import("./X.js")` siblings, so chunks only a dynamic import reaches are converted too. */
function dynamicSiblings(text: string): string[] {
  return parse(text)[0]
    .filter((i) => i.t === 2 && i.n?.startsWith('./'))
    .map((i) => i.n!.slice(2));
}

/**
 * An export whose binding code inside a function may reassign (so it could change after the
 * chunk ran, which the facade's one read would miss). Assignments in the chunk's top-level
 * code (a TypeScript enum's `(E || (E = {}))`) have run by then; an imported binding is its
 * own chunk's to check.
 */
function reassignedExport(text: string, exports: Chunk['exports']): string | undefined {
  const program = parseProgram(text, { ecmaVersion: 'latest', sourceType: 'module', ranges: true });
  const scopes = analyze(program as never, { ecmaVersion: 2022, sourceType: 'module' });
  const top = scopes.globalScope?.childScopes.find((s) => s.type === 'module');
  if (!top) return '(no module scope)';
  for (const e of exports) {
    if (e.local === undefined) continue;
    const binding = top.set.get(e.local);
    if (!binding) return e.name;
    if (binding.defs.some((d) => d.type === 'ImportBinding')) continue;
    if (binding.references.some((r) => r.isWrite() && r.from.variableScope !== top)) return e.name;
  }
  return undefined;
}

/** The ES module left at X.js: loads X.cjs and re-exports its exports (read once: none is reassigned). */
function facade(cjs: string, exports: Chunk['exports']): string {
  const names = exports.map((e, i) => ({ name: e.name, tmp: `__e${i}` }));
  const take = names.map(({ name, tmp }) => `const ${tmp} = __m[${JSON.stringify(name)}];`).join('\n');
  const give = names.length ? `export { ${names.map(({ name, tmp }) => `${tmp} as ${JSON.stringify(name)}`).join(', ')} };\n` : '';
  return `import { loadChunk } from './${LOADER}';\nconst __m = loadChunk(${JSON.stringify(cjs)});\n${take}\n${give}`;
}

/**
 * Run the built command the way most starts do (one `exec read_file`, then one MCP session:
 * tools/list and one read_file call), each with {@link trainingHook} loaded by `node --import`: at exit it writes
 * each loaded chunk's code cache with every function compiled so far. The MCP run starts from
 * the caches the exec run wrote, so their shared chunks end up with both runs' functions.
 * Training is this build step only: the shipped loader writes nothing whatever the environment
 * holds. A training run that fails, or a cache it cannot write, fails the build.
 * @param dist - the folder of the bundle.
 * @returns the cache files written.
 */
export async function trainCodeCache(dist: string): Promise<string[]> {
  for (const f of readdirSync(dist)) if (f.endsWith('.cjs.cache')) rmSync(join(dist, f));
  const work = mkdtempSync(join(tmpdir(), 'quiver-code-cache-'));
  try {
    writeFileSync(join(work, 'small.txt'), 'code cache training\n');
    const hook = join(work, 'train-code-cache.mjs');
    writeFileSync(hook, trainingHook(pathToFileURL(join(dist, LOADER)).href));
    const argv = ['--import', pathToFileURL(hook).href, join(dist, 'bin.js')];
    await runToExit(argv, ['exec', 'read_file', JSON.stringify({ path: 'small.txt' }), '--cwd', work], work, [], 'code cache training');
    const rpc = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'build', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'read_file', arguments: { path: 'small.txt' } } },
    ];
    await runToExit(
      argv,
      ['mcp', '--cwd', work],
      work,
      rpc.map((m) => JSON.stringify(m)),
      'code cache training',
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const caches = readdirSync(dist).filter((f) => f.endsWith('.cjs.cache'));
  if (caches.length === 0) throw new Error('code cache training: the runs loaded no converted chunk, so no cache was written');
  return caches;
}

/**
 * Run `node ...argv ...args`, write `lines` to its stdin and close it once stdout shows
 * `expect` (the MCP server ends at end of input, answered or not), and require exit code 0.
 */
function runToExit(argv: string[], args: string[], cwd: string, lines: string[], expect: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...argv, ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      if (stdout.includes(expect)) child.stdin.end();
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdin.on('error', () => {}); // an exit before reading its input is reported below
    for (const line of lines) child.stdin.write(`${line}\n`);
    if (lines.length === 0) child.stdin.end();
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0 && stdout.includes(expect)) resolve();
      else reject(new Error(`code cache training: quiver ${args[0]} failed (${code ?? signal}): ${stderr || stdout}`));
    });
  });
}

/**
 * The module a training run preloads (`node --import`): at exit it writes the caches of the
 * chunks the loader at `loaderUrl` ran (the same module instance the bundle uses), and a cache
 * it could not write makes the run exit with 70, so the build fails instead of shipping without it.
 * @param loaderUrl - the file URL of the bundle's chunk-loader.js.
 */
export function trainingHook(loaderUrl: string): string {
  return [
    `import { writeChunkCaches } from ${JSON.stringify(loaderUrl)};`,
    "process.on('exit', () => {",
    '  const { failed } = writeChunkCaches();',
    '  for (const f of failed) process.stderr.write(`code cache: cannot write ${f.file}: ${f.message}\\n`);',
    '  if (failed.length > 0) process.exitCode = 70;',
    '});',
    '',
  ].join('\n');
}
