import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Every workspace package is one vitest project, and every `@quiver/*` import resolves to the
// package's TypeScript source, so unit tests never need a build. Tests that go through the
// registry (lazy plugin import from a manifest entry) use the built `dist/` — `pnpm test`
// builds first.
const root = import.meta.dirname;
const groups = ['packages', 'plugins', 'apps', 'examples', 'e2e'];
const dirs = groups
  .flatMap((g) => (existsSync(join(root, g)) ? readdirSync(join(root, g)).map((d) => join(g, d)) : []))
  .concat(existsSync(join(root, 'bench/package.json')) ? ['bench'] : []);

// Exact matches (a package's subpath export, e.g. `@quiver/core/host`, is its own entry), so a
// package's root alias never swallows its subpaths.
const alias: { find: RegExp; replacement: string }[] = [];
const projects: {
  test: { name: string; root: string; include: string[]; testTimeout: number; hookTimeout: number };
  resolve: { alias: typeof alias };
}[] = [];
const exact = (spec: string) => new RegExp(`^${spec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
for (const dir of dirs) {
  const pj = join(root, dir, 'package.json');
  if (!existsSync(pj)) continue;
  const pkg = JSON.parse(readFileSync(pj, 'utf8')) as { name: string; exports?: Record<string, unknown> };
  const name = pkg.name;
  if (name.startsWith('@quiver/')) {
    // `"./host": { "import": "./dist/host.js" }` resolves to src/host.ts; `.` to src/index.ts.
    for (const [key, target] of Object.entries(typeof pkg.exports === 'object' ? pkg.exports : {})) {
      const file = typeof target === 'object' && target ? (target as { import?: unknown }).import : undefined;
      const src = typeof file === 'string' ? join(root, dir, file.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')) : '';
      if (src.endsWith('.ts') && existsSync(src))
        alias.push({ find: exact(key === '.' ? name : `${name}/${key.slice(2)}`), replacement: src });
    }
    const src = join(root, dir, 'src/index.ts');
    if (!alias.some((a) => a.find.test(name)) && existsSync(src)) alias.push({ find: exact(name), replacement: src });
  }
  projects.push({
    test: { name, root: resolve(root, dir), include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 30_000 },
    resolve: { alias },
  });
}

export default defineConfig({
  test: { projects, passWithNoTests: true },
});
