import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Every workspace package is one vitest project, and every `@quiver/*` import resolves to the
// package's TypeScript source, so unit tests never need a build. Tests that go through the
// registry (lazy plugin import from a manifest entry) use the built `dist/` — `pnpm test`
// builds first.
const root = import.meta.dirname;
const groups = ['packages', 'plugins', 'apps', 'examples', 'e2e'];
const dirs = groups.flatMap((g) =>
  existsSync(join(root, g)) ? readdirSync(join(root, g)).map((d) => join(g, d)) : [],
).concat(existsSync(join(root, 'bench/package.json')) ? ['bench'] : []);

const alias: Record<string, string> = {};
const projects: { test: { name: string; root: string; include: string[]; testTimeout: number; hookTimeout: number }; resolve: { alias: Record<string, string> } }[] = [];
for (const dir of dirs) {
  const pj = join(root, dir, 'package.json');
  if (!existsSync(pj)) continue;
  const pkg = JSON.parse(readFileSync(pj, 'utf8')) as { name: string; exports?: Record<string, unknown> };
  const name = pkg.name;
  const src = join(root, dir, 'src/index.ts');
  // Subpath entries (`@quiver/mcp-hub/config-section`) go to their source file too; they are
  // added before the package's own name, which would otherwise match them as a prefix.
  for (const sub of Object.keys(pkg.exports ?? {})) {
    const file = join(root, dir, 'src', `${sub.slice(2)}.ts`);
    if (name.startsWith('@quiver/') && sub.startsWith('./') && existsSync(file)) alias[`${name}/${sub.slice(2)}`] = file;
  }
  if (name.startsWith('@quiver/') && existsSync(src)) alias[name] = src;
  projects.push({
    test: { name, root: resolve(root, dir), include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 30_000 },
    resolve: { alias },
  });
}

export default defineConfig({
  test: { projects, passWithNoTests: true },
});
