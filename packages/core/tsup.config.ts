import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/host.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  // Core's own dependencies that no plugin shares are bundled into dist/index.js: loading them
  // as packages was a large part of a host's start-up (awilix's entry alone pulls fast-glob and
  // ~20 CommonJS modules; semver's index 49 files, of which satisfies() needs a few). zod stays
  // external (plugins share core's copy).
  noExternal: ['awilix', 'semver'],
  esbuildOptions(options) {
    options.alias = { 'fast-glob': fileURLToPath(new URL('./src/container/no-fast-glob.ts', import.meta.url)) };
  },
});
