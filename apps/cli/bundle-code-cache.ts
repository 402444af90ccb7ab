import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
 * Run the built command the way most starts do (one `exec read_file`, one MCP session up to
 * tools/list) with QUIVER_TRAIN_CODE_CACHE=1: at exit the loader writes each chunk's code cache
 * with every function those runs compiled. A training run that fails fails the build.
 * @param dist - the folder of the bundle.
 */
export function trainCodeCache(dist: string): string[] {
  for (const f of readdirSync(dist)) if (f.endsWith('.cjs.cache')) rmSync(join(dist, f));
  const work = mkdtempSync(join(tmpdir(), 'quiver-code-cache-'));
  try {
    writeFileSync(join(work, 'small.txt'), 'code cache training\n');
    const env = { ...process.env, QUIVER_TRAIN_CODE_CACHE: '1' };
    const bin = join(dist, 'bin.js');
    const run = (args: string[], input: string | undefined, expect: string) => {
      const r = spawnSync(process.execPath, [bin, ...args], { cwd: work, env, input, encoding: 'utf8', timeout: 120_000 });
      if (r.status !== 0 || !r.stdout.includes(expect))
        throw new Error(`code cache training: quiver ${args[0]} failed (${r.status ?? r.signal}): ${r.stderr || r.stdout}`);
    };
    run(['exec', 'read_file', JSON.stringify({ path: 'small.txt' }), '--cwd', work], undefined, 'code cache training');
    const rpc = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'build', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ];
    run(['mcp', '--cwd', work], rpc.map((m) => JSON.stringify(m)).join('\n') + '\n', '"read_file"');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return readdirSync(dist).filter((f) => f.endsWith('.cjs.cache'));
}
