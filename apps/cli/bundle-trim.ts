import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';

/** zod's index of its ~45 message locales, as imported by its `z`/`core` namespaces. */
const ZOD_LOCALES_INDEX = /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/;

/**
 * The esbuild plugin that keeps code no command runs out of the CLI's bundle.
 *
 * zod's namespaces re-export every message locale (`z.locales.de`, ...), so bundling zod brings
 * all of them: 370 KB of the ~970 KB chunk every command loads, parsed on each start. Quiver
 * speaks English (zod's default, `en`, which zod configures itself) and never switches locale,
 * so in the bundle `z.locales` holds `en` only. A plugin loaded from its own package keeps its
 * own zod, untouched.
 */
export function cliTrimPlugin(): Plugin {
  return {
    name: 'quiver-cli-trim',
    setup(build) {
      build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
        const path = join(args.resolveDir, args.path);
        return ZOD_LOCALES_INDEX.test(path) ? { path, namespace: 'quiver-zod-locales' } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: 'quiver-zod-locales' }, (args) => ({
        contents: `export { default as en } from ${JSON.stringify(join(dirname(args.path), 'en.js'))};\n`,
        loader: 'js',
        resolveDir: dirname(args.path),
      }));
    },
  };
}
