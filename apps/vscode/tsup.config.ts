import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

/**
 * pdf-parse picks its pdf.js build with `require(`./pdf.js/${version}/build/pdf.js`)`, which
 * the bundler expands to all four bundled builds (8 MB). read_file always uses the default
 * build, so only that one is kept.
 */
const pdfParseDefaultBuild: Plugin = {
  name: 'pdf-parse-default-build',
  setup(build) {
    build.onLoad({ filter: /pdf-parse[\\/]lib[\\/]pdf-parse\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const pinned = source.replace('require(`./pdf.js/${options.version}/build/pdf.js`)', "require('./pdf.js/v1.10.100/build/pdf.js')");
      if (pinned === source) throw new Error('pdf-parse changed: its pdf.js require was not found; update tsup.config.ts.');
      return { contents: pinned, loader: 'js' };
    });
  },
};

/**
 * `createRequire(import.meta.url)('x')` (how @quiver/shell loads mvdan-sh, and jiti its Babel
 * transform for quiver.config.ts, lazily) is invisible to the bundler; as a plain
 * `require('x')` the module is bundled and still evaluated lazily.
 */
const bundleCreateRequire: Plugin = {
  name: 'bundle-create-require',
  setup(build) {
    build.onLoad({ filter: /([\\/](packages|plugins)[\\/][^\\/]+[\\/]dist[\\/].*\.js|[\\/]jiti[\\/]lib[\\/]jiti\.mjs)$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return { contents: source.replace(/createRequire\(import\.meta\.url\)\(("[^"]+"|'[^']+')\)/g, 'require($1)'), loader: 'js' };
    });
  },
};

// One CommonJS file for VS Code's Node extension host: every @quiver package and npm
// dependency is bundled in; only `vscode` (provided by the host) and @vscode/ripgrep (the
// binary ships beside the bundle, passed to search_files as its `ripgrepPath` option) stay out.
export default defineConfig({
  entry: { extension: 'src/extension.ts' },
  outDir: 'dist/stage/out',
  format: ['cjs'],
  platform: 'node',
  target: 'node20',
  bundle: true,
  // tsup's noExternal wins over external: exclude the two from the pattern itself.
  noExternal: [/^(?!vscode$|@vscode\/ripgrep$)/],
  external: ['vscode', '@vscode/ripgrep'],
  // import.meta.url in the bundled ESM sources (jiti, createRequire) gets a CommonJS shim.
  shims: true,
  // The staged package.json has no "type": a .js file there is CommonJS, as VS Code expects.
  outExtension: () => ({ js: '.js' }),
  esbuildPlugins: [pdfParseDefaultBuild, bundleCreateRequire],
  minify: true,
  keepNames: true,
  splitting: false,
  sourcemap: true,
  clean: true,
  dts: false,
});
