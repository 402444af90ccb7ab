import type { CopiedAsset } from './native-assets.js';
import type { DistributionPlan } from './plan-distribution.js';

/**
 * The generated modules of a distribution bundle. They exist only inside the esbuild run
 * (a virtual namespace), never on disk.
 */

/** The module holding the baked settings: every plugin imported statically, and the config. */
export function settingsModule(plan: DistributionPlan, assets: ReadonlyMap<string, CopiedAsset[]>): string {
  const imports = plan.plugins.map((p, i) => `import plugin${i} from ${JSON.stringify(p.entry)};`);
  const entries = plan.plugins.map((p, i) => {
    // Copied binaries are found next to the bundle, wherever the folder was moved to.
    const located = (assets.get(p.name) ?? [])
      .filter((a) => a.option)
      .map((a) => `${JSON.stringify(a.option)}: join(here, ${JSON.stringify(a.file)})`);
    return `  { plugin: plugin${i}, options: { ...${JSON.stringify(p.options)}${located.map((l) => `, ${l}`).join('')} } },`;
  });
  return [
    "import { dirname, join } from 'node:path';",
    "import { fileURLToPath } from 'node:url';",
    ...imports,
    'const here = dirname(fileURLToPath(import.meta.url));',
    `export const config = ${JSON.stringify(plan.config, null, 2)};`,
    'export const plugins = [',
    ...entries,
    '];',
    '',
  ].join('\n');
}

/**
 * `@quiver/runtime` as the bundled CLI sees it: the real module, except that every runtime is
 * built from the baked config and the built-in plugins. Config files and plugin packages on
 * disk are not read, so the distribution behaves the same in any folder.
 */
export function runtimeModule(realRuntime: string): string {
  return [
    `import { createRuntime as createBaseRuntime } from ${JSON.stringify(realRuntime)};`,
    `export * from ${JSON.stringify(realRuntime)};`,
    "import { config, plugins } from 'quiver-distribution:settings';",
    '/** The runtime of this distribution: baked config, built-in plugins only. */',
    'export function createRuntime(options) {',
    '  return createBaseRuntime({ ...options, configFile: undefined, config, plugins: [...plugins, ...(options.plugins ?? [])], noConfigPlugins: true });',
    '}',
    '',
  ].join('\n');
}

/** The bundle's entry: the CLI's own bin (which reads process.argv and runs a command). */
export function entryModule(cliBin: string): string {
  return `await import(${JSON.stringify(cliBin)});\n`;
}

/**
 * The first lines of the bundle. Bundled CommonJS modules call `require` for Node built-ins
 * and read `__dirname`/`__filename`; an ES module has none of them. `require` is defined here
 * (esbuild's require shim uses it); the other two are renamed by {@link BUNDLE_DEFINE}, so a
 * bundled module that declares its own `__dirname` does not clash with these.
 */
export const BUNDLE_BANNER = [
  '#!/usr/bin/env node',
  "import { createRequire as __quiverCreateRequire } from 'node:module';",
  "import { fileURLToPath as __quiverFileURLToPath } from 'node:url';",
  "import { dirname as __quiverDirnameOf } from 'node:path';",
  'const require = __quiverCreateRequire(import.meta.url);',
  'const __quiverFilename = __quiverFileURLToPath(import.meta.url);',
  'const __quiverDirname = __quiverDirnameOf(__quiverFilename);',
].join('\n');

/** Free `__dirname`/`__filename` in bundled code → the bundle's own (see {@link BUNDLE_BANNER}). */
export const BUNDLE_DEFINE: Readonly<Record<string, string>> = Object.freeze({
  __dirname: '__quiverDirname',
  __filename: '__quiverFilename',
});
