import { defineErrorCodes } from '@quiver/core';

/** The `quiver` command's error codes. */
export const CLI_ERRORS = defineErrorCodes('@quiver/cli', {
  USAGE: {
    code: 'QUIVER_ERR_CLI_USAGE',
    meaning: 'A `quiver` command was called with wrong arguments.',
    fix: 'Run `quiver <command> --help` and fix the arguments.',
  },
  BUILD_FAILED: {
    code: 'QUIVER_ERR_CLI_BUILD_FAILED',
    meaning:
      '`quiver build` could not make the distribution: a plugin without a built entry, a bundling error from esbuild, or a native binary (ripgrep) that cannot be found. The message names the plugin or file.',
    fix: 'Build the plugins first (`pnpm build`), install the missing dependency, or drop the plugin from the build config.',
  },
  SCAFFOLD_FAILED: {
    code: 'QUIVER_ERR_CLI_SCAFFOLD_FAILED',
    meaning:
      '`quiver plugin new` refused or failed: the target folder exists and is not empty, the name is not a valid package name, or a `--link`/`--from-tarballs` source lacks a package.',
    fix: 'Pick another `--dir` or name, or point `--link` at the monorepo root / `--from-tarballs` at the folder the `pnpm pack` tarballs are in.',
  },
  PLUGIN_ADD_FAILED: {
    code: 'QUIVER_ERR_CLI_PLUGIN_ADD_FAILED',
    meaning:
      '`quiver plugin add` refused or failed: the package manager could not install the plugin, or the config is a `.ts`/`.mjs`/`.js` module of a shape it cannot edit safely (its default export is not an object literal or `defineConfig({ ... })`, or its `plugins` is not an array literal). Nothing was added to the config.',
    fix: 'Read the package manager output in the message and fix it (name, version, network), or install the plugin yourself and add it to the config\'s `plugins` list (keep `"..."` first to keep the default tools).',
  },
});
