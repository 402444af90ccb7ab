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
