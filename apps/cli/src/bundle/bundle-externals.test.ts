// The bundled command (dist/bin.js and its chunks) imports few packages; each must resolve
// from the CLI's own folder, as it will in an install, or a command fails at its first use.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../../dist', import.meta.url));
// `__quiverImport(` is import() in a chunk the build made CommonJS (bundle-code-cache.ts).
const BARE = /(?:\bfrom\s*|\bimport\s*\(\s*|\b__quiverImport\s*\(\s*|\bimport\s+)"([^".][^"]*)"/g;
const PACKAGE = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w./-]+)?$/;
const LOCAL = /(?:\bfrom\s*|\bimport\s*\(\s*|\b__quiverImport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)"(\.\/[^"]+\.js)"/g;
/** A converted chunk's ES module (X.js) loads its code from X.cjs. */
const CONVERTED = /\bloadChunk\("([^"]+\.cjs)"\)/g;

/** The packages the bundle imports: bin.js and every chunk it reaches. */
function externals(): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(`${DIST}/${file}`, 'utf8');
    for (const [, spec] of text.matchAll(LOCAL)) visit(spec.slice(2));
    for (const [, cjs] of text.matchAll(CONVERTED)) visit(cjs);
    for (const [, spec] of text.matchAll(BARE)) {
      // Bundled code also holds strings that merely look like imports (a help text, a patch).
      if (!PACKAGE.test(spec) || spec.startsWith('node:') || builtinModules.includes(spec.split('/')[0])) continue;
      found.add(spec);
    }
  };
  visit('bin.js');
  expect(seen.size).toBeGreaterThan(5);
  return [...found].sort();
}

describe('the bundled command', () => {
  it('imports only packages that resolve from the CLI folder', () => {
    const specs = externals();
    // Core, zod and the first-party plugins are inside the bundle, not imported.
    expect(specs.filter((s) => s === 'zod' || s === '@quiver/core')).toEqual([]);
    // An install holds only the CLI's dependencies (and the optional peers a user adds): a
    // package the bundle imports must be one of them, or a lean install fails at its first use.
    const pkg = JSON.parse(readFileSync(`${DIST}/../package.json`, 'utf8')) as Record<string, Record<string, string> | undefined>;
    const installable = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
    const name = (s: string) =>
      s
        .split('/')
        .slice(0, s.startsWith('@') ? 2 : 1)
        .join('/');
    expect(specs.filter((s) => !installable.has(name(s)))).toEqual([]);
    const check = `for (const s of ${JSON.stringify(specs)}) { try { import.meta.resolve(s); } catch (e) { console.log(s + ': ' + e.code); } }`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', check], { cwd: DIST, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim().split('\n').filter(Boolean)).toEqual([]);
  });
});
