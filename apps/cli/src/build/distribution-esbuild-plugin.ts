import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';
import { entryModule, runtimeModule } from './distribution-modules.js';

const NAMESPACE = 'quiver-distribution';

/** `createRequire(import.meta.url)('pkg')`: a require esbuild cannot follow, rewritten to one it can. */
const LOCAL_REQUIRE = /createRequire\(import\.meta\.url\)\((['"][^'"]+['"])\)/g;

/** What {@link distributionPlugin} needs. */
export interface DistributionPluginOptions {
  /** The CLI's bin module (dist/bin.js, or src/bin.ts when run from source). */
  cliBin: string;
  /** The folder the CLI resolves `@quiver/runtime` from. */
  cliDir: string;
  /** The generated settings module's source. */
  settings: string;
}

/**
 * The esbuild plugin of `quiver build`: serves the generated entry and settings modules,
 * swaps `@quiver/runtime` for the distribution's wrapper (see `runtimeModule`), and turns
 * `createRequire(import.meta.url)('x')` into `require('x')` so such modules (mvdan-sh in
 * @quiver/shell) are bundled instead of looked up next to the bundle at run time.
 */
export function distributionPlugin(options: DistributionPluginOptions): Plugin {
  return {
    name: 'quiver-distribution',
    setup(build) {
      build.onResolve({ filter: /^quiver-distribution:(entry|settings)$/ }, (args) => ({
        path: args.path.slice(NAMESPACE.length + 1),
        namespace: NAMESPACE,
      }));
      build.onResolve({ filter: /^@quiver\/runtime$/ }, (args) =>
        args.pluginData === 'real' ? undefined : { path: 'runtime', namespace: NAMESPACE },
      );
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        if (args.path === 'entry') return { contents: entryModule(options.cliBin), loader: 'js', resolveDir: options.cliDir };
        if (args.path === 'settings') return { contents: options.settings, loader: 'js', resolveDir: options.cliDir };
        const real = await build.resolve('@quiver/runtime', { kind: 'import-statement', resolveDir: options.cliDir, pluginData: 'real' });
        if (real.errors.length) return { errors: real.errors };
        return { contents: runtimeModule(real.path), loader: 'js', resolveDir: options.cliDir };
      });
      build.onLoad({ filter: /\.(m?js|cjs)$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('createRequire(import.meta.url)(')) return undefined;
        return { contents: text.replace(LOCAL_REQUIRE, 'require($1)'), loader: 'js' };
      });
    },
  };
}
