// The build's chunk conversion (bundle-code-cache.ts) and what it shipped in dist/: a chunk
// that reads more of import.meta than the loader gives must stay an ES module, and the built
// command's chunks must start from the caches the build trained.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { convertBundleChunks, IMPORT_META_KEYS } from '../../bundle-code-cache.js';

const DIST = fileURLToPath(new URL('../../dist', import.meta.url));
const BANNER =
  "import { createRequire as __quiverCreateRequire } from 'node:module';\nconst require = __quiverCreateRequire(import.meta.url);\n";

describe('convertBundleChunks', () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'quiver-convert-'));
    writeFileSync(join(dist, 'package.json'), '{"type":"module"}');
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('keeps a chunk that reads import.meta beyond url an ES module, converts one that reads only url', async () => {
    const uses = {
      'chunk-url.js': 'export const where = import.meta.url.endsWith("chunk-url.js");',
      'chunk-dirname.js': 'export const where = typeof import.meta.dirname;',
      'chunk-resolve.js': 'export const where = typeof import.meta.resolve("./chunk-url.js");',
      'chunk-whole.js': 'const m = import.meta; export const where = Object.keys(m).length > 0;',
      'chunk-write.js': 'import.meta.url = "x"; export const where = true;',
    };
    for (const [file, code] of Object.entries(uses)) writeFileSync(join(dist, file), `${BANNER}${code}\n`);
    const names = Object.keys(uses);
    writeFileSync(
      join(dist, 'bin.js'),
      `${names.map((f, i) => `import { where as w${i} } from './${f}';`).join('\n')}\nconsole.log(JSON.stringify([${names.map((_, i) => `w${i}`).join(', ')}]));\n`,
    );
    const { converted, kept } = await convertBundleChunks(dist);
    expect(converted).toEqual(['chunk-url.js']);
    for (const file of names.slice(1)) expect(kept.get(file)).toMatch(/import\.meta.*which the loader's import\.meta lacks/);
    expect(kept.get('chunk-dirname.js')).toContain('uses import.meta.dirname');
    // Both kinds still run: the converted one through the loader, the kept ones as Node's modules.
    const run = spawnSync(process.execPath, [join(dist, 'bin.js')], { encoding: 'utf8', timeout: 30_000 });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([true, 'string', 'string', true, true]);
  });
});

describe('the built command (dist/)', () => {
  it('uses nothing of import.meta in a converted chunk but what the loader gives', () => {
    const cjs = readdirSync(DIST).filter((f) => f.endsWith('.cjs'));
    expect(cjs.length).toBeGreaterThan(5);
    for (const file of cjs) {
      const text = readFileSync(join(DIST, file), 'utf8');
      for (const m of text.matchAll(/__quiverImportMeta\b(\.[\w$]+)?/g)) {
        expect(
          IMPORT_META_KEYS.map((k) => `.${k}`),
          `${file}: ${m[0]}`,
        ).toContain(m[1]);
      }
    }
  });

  it('starts exec and mcp from the trained caches (every converted chunk they load accepted), and writes none itself', async () => {
    const work = mkdtempSync(join(tmpdir(), 'quiver-cache-use-'));
    try {
      writeFileSync(join(work, 'small.txt'), 'cached start\n');
      const probe = join(work, 'probe.mjs');
      writeFileSync(
        probe,
        `import { chunkCacheReport } from ${JSON.stringify(pathToFileURL(join(DIST, 'chunk-loader.js')).href)};\nprocess.on('exit', () => process.stderr.write('REPORT ' + JSON.stringify(chunkCacheReport()) + '\\n'));\n`,
      );
      const caches = () =>
        readdirSync(DIST)
          .filter((f) => f.endsWith('.cache'))
          .map((f) => `${f} ${statSync(join(DIST, f)).mtimeMs}`);
      const before = caches();
      expect(before.length).toBeGreaterThan(5);
      const rpc = [
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}',
        '{"jsonrpc":"2.0","method":"notifications/initialized"}',
        '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"small.txt"}}}',
      ];
      for (const [args, lines] of [
        [['exec', 'read_file', '{"path":"small.txt"}'], []],
        [['mcp'], rpc],
      ] as const) {
        // A user's QUIVER_TRAIN_CODE_CACHE=1 must not make the installed command write its folder.
        const r = await run([pathToFileURL(probe).href, join(DIST, 'bin.js'), ...args], work, lines, 'cached start');
        expect(r.stdout, r.stderr).toContain('cached start');
        const report = JSON.parse(/^REPORT (.*)$/m.exec(r.stderr)![1]) as { name: string; status: string }[];
        expect(report.length, args[0]).toBeGreaterThan(5);
        expect(
          report.filter((c) => c.status !== 'accepted'),
          args[0],
        ).toEqual([]);
      }
      expect(caches()).toEqual(before);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

/** `node --import <probe> bin.js ...`: write `lines`, end stdin once stdout shows `until` (the MCP server stops at end of input). */
function run(argv: readonly string[], cwd: string, lines: readonly string[], until: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', ...argv], { cwd, env: { ...process.env, QUIVER_TRAIN_CODE_CACHE: '1' } });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      if (stdout.includes(until)) child.stdin.end();
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    for (const line of lines) child.stdin.write(`${line}\n`);
    if (lines.length === 0) child.stdin.end();
    child.on('close', () => {
      clearTimeout(timer);
      resolve({ stdout, stderr });
    });
  });
}
