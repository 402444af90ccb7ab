import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';
import { asciiChunksPlugin } from './bundle-ascii.js';
import { copyBundledManifests } from './bundle-manifests.js';
import { cliBundlePlugin } from './bundle-plugins.js';
import { convertBundleChunks, trainCodeCache } from './bundle-code-cache.js';
import { cliTrimPlugin } from './bundle-trim.js';

// The builds below run in parallel into dist/, so none may clean it: it is emptied once, here.
rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as Record<
  string,
  Record<string, string> | undefined
>;
/**
 * What the installed command imports at run time: its `dependencies` (the few the bundle leaves
 * in their packages: jiti, mvdan-sh, ripgrep's binary) and its optional `peerDependencies` (the
 * tool plugins, @quiver/agent and esbuild a lean install leaves out). Never inlined.
 */
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
/**
 * What the bundle carries: the `devDependencies` it imports (core, zod, the runtime's packages,
 * the MCP SDK, the first-party plugins). They are not installed with the CLI: each one's code
 * is shipped once, in the bundle (see bundle-manifests.ts for the plugins' manifests).
 */
const inlined = Object.keys(pkg.devDependencies ?? {}).filter((d) => !external.includes(d));

export default defineConfig([
  {
    // The library entry (DEFAULT_PLUGINS, the terminal UI) for other hosts: every package
    // stays an import, so a host that bundles it has one copy of core.
    entry: ['src/index.ts'],
    format: ['esm'],
    dts: { entry: 'src/index.ts' },
    sourcemap: true,
    clean: false,
    target: 'node20',
    skipNodeModulesBundle: true,
  },
  {
    // The command unbundled (dist/lib/bin.js): what `quiver build` bundles a distribution
    // from, swapping in its baked runtime (the bundled dist/bin.js already holds one).
    entry: { bin: 'src/bin.ts' },
    outDir: 'dist/lib',
    format: ['esm'],
    sourcemap: true,
    clean: false,
    target: 'node20',
    skipNodeModulesBundle: true,
  },
  {
    // The quiver command: one bundle, split per command, holding its dependencies (core, zod,
    // the runtime's packages, the MCP SDK) and the plugins of src/bundle/bundled-plugins.ts, so
    // a command loads a handful of files instead of ~150-250 modules (zod alone is 95). The
    // optional packages stay imports: they are found beside the CLI when installed.
    // shared-core(-host)/shared-zod/share-hooks: the bundle's core (both entries) and zod for packages loaded from
    // outside it (src/bundle/share-bundled-modules.ts).
    entry: {
      bin: 'src/bundle/bundled-bin.ts',
      'shared-core': 'src/bundle/shared-core.ts',
      'shared-core-host': 'src/bundle/shared-core-host.ts',
      'shared-zod': 'src/bundle/shared-zod.ts',
      'share-hooks': 'src/bundle/share-hooks.ts',
    },
    format: ['esm'],
    sourcemap: true,
    clean: false,
    target: 'node20',
    noExternal: inlined,
    external,
    // Bundled CommonJS modules require() Node built-ins: give the ES module chunks a require.
    banner: {
      js: "import { createRequire as __quiverCreateRequire } from 'node:module';\nconst require = __quiverCreateRequire(import.meta.url);",
    },
    esbuildPlugins: [cliBundlePlugin({ external }), cliTrimPlugin()],
    // Chunks in pure ASCII, so V8 keeps their source one byte per character (bundle-ascii.ts).
    plugins: [asciiChunksPlugin()],
    metafile: true,
    // The bundled plugins' manifests, where the runtime finds a plugin the install does not hold;
    // then the chunks made CommonJS with a trained V8 code cache (bundle-code-cache.ts).
    onSuccess: async () => {
      await copyBundledManifests(pkg, new URL('./', import.meta.url));
      const dist = fileURLToPath(new URL('./dist', import.meta.url));
      await convertBundleChunks(dist);
      await trainCodeCache(dist);
    },
  },
]);
