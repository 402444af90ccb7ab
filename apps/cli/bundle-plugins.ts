import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';

/** `createRequire(import.meta.url)('pkg')`: a require resolved next to the calling file. */
const LOCAL_REQUIRE = /createRequire\(import\.meta\.url\)\((['"][^'"]+['"])\)/g;

/**
 * Dynamic imports of large dependencies left in their package (see importFromPackage): document
 * readers, Playwright (browser_action), jiti (TypeScript configs).
 */
const KEPT_OUT = /\bimport\((['"])(pdf-parse\/lib\/pdf-parse\.js|mammoth|exceljs|playwright-core|jiti)\1\)/g;

const HELPER = fileURLToPath(new URL('./src/bundle/import-from-package.ts', import.meta.url));

/**
 * The esbuild plugin of the CLI's own bundle: a bundled package's large, rarely needed
 * dependencies stay in that package and are loaded from it at run time (see
 * src/bundle/import-from-package.ts): `createRequire(import.meta.url)('x')` and a plugin's
 * dynamic imports of its document readers. A dependency in `external` (one the CLI itself
 * installs: mvdan-sh, jiti) is left as it is: it resolves from the CLI's own folder, so the
 * package that imports it need not be installed.
 */
export function cliBundlePlugin(options: { external?: readonly string[] } = {}): Plugin {
  const own = new Set(options.external ?? []);
  const fromOwner = (spec: string) => !own.has(packageName(spec));
  return {
    name: 'quiver-cli-bundle',
    setup(build) {
      build.onLoad({ filter: /\.(m?js|cjs)$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        const local = text.includes('createRequire(import.meta.url)(');
        const kept = KEPT_OUT.test(text);
        KEPT_OUT.lastIndex = 0;
        if (!local && !kept) return undefined;
        const owner = packageOf(args.path);
        if (!owner) return undefined;
        const contents = text
          .replace(LOCAL_REQUIRE, (m, spec: string) =>
            fromOwner(spec.slice(1, -1)) ? `__quiverRequireFromPackage(${JSON.stringify(owner)}, ${spec})` : m,
          )
          .replace(KEPT_OUT, (m, _q, spec: string) =>
            fromOwner(spec) ? `__quiverImportFromPackage(${JSON.stringify(owner)}, ${JSON.stringify(spec)})` : m,
          );
        if (contents === text) return undefined;
        const helpers = `import { importFromPackage as __quiverImportFromPackage, requireFromPackage as __quiverRequireFromPackage } from ${JSON.stringify(HELPER)};\n`;
        return { contents: helpers + contents, loader: 'js' };
      });
    },
  };
}

/** The package a specifier imports: `pdf-parse/lib/x.js` -> `pdf-parse`, `@a/b/c` -> `@a/b`. */
function packageName(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The name of the package a file belongs to (its nearest package.json with a name). */
function packageOf(file: string): string | undefined {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
    if (name) return name;
  }
  return undefined;
}
