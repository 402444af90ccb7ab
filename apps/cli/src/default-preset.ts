import type { ConfigPresets, QuiverConfigInput } from '@quiver/core';

/**
 * The default preset: every first-party tool package. Used when the config names no plugins.
 * Packages that are not installed next to the CLI are skipped (a trimmed distribution).
 */
export const DEFAULT_PLUGINS: readonly string[] = [
  '@quiver/tool-read-file',
  '@quiver/tool-list-files',
  '@quiver/tool-search-files',
  '@quiver/tool-execute-command',
  '@quiver/tool-write-to-file',
  '@quiver/tool-apply-patch',
];

/** The default preset as a config layer: `"extends": "quiver:default"` starts from it. */
export const DEFAULT_PRESET: QuiverConfigInput = Object.freeze({ plugins: [...DEFAULT_PLUGINS] });

/**
 * The presets the CLI offers to `extends`. `@quiver/preset-default` is the same preset under
 * a package-style name, so a config reads the same whether or not such a package is installed.
 */
export const CLI_PRESETS: ConfigPresets = Object.freeze({
  'quiver:default': DEFAULT_PRESET,
  '@quiver/preset-default': DEFAULT_PRESET,
});
