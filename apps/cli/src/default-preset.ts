import type { ConfigPresets, QuiverConfigInput } from '@quiver/core';

/**
 * The default preset: every first-party tool package. Used when the config names no plugins.
 * Packages that are not installed next to the CLI are skipped (a trimmed distribution).
 */
export const DEFAULT_PLUGINS: readonly string[] = [
  '@quiver/tool-ask-followup-question',
  '@quiver/tool-attempt-completion',
  '@quiver/tool-execute-command',
  '@quiver/tool-read-file',
  '@quiver/tool-write-to-file',
  '@quiver/tool-search-files',
  '@quiver/tool-list-files',
  '@quiver/tool-list-code-definition-names',
  '@quiver/tool-browser-action',
  '@quiver/tool-use-mcp-tool',
  '@quiver/tool-access-mcp-resource',
  '@quiver/tool-load-mcp-documentation',
  '@quiver/tool-new-task',
  '@quiver/tool-plan-mode-respond',
  '@quiver/tool-act-mode-respond',
  '@quiver/tool-focus-chain',
  '@quiver/tool-web-fetch',
  '@quiver/tool-web-search',
  '@quiver/tool-condense',
  '@quiver/tool-summarize-task',
  '@quiver/tool-report-bug',
  '@quiver/tool-apply-patch',
  '@quiver/tool-generate-explanation',
  '@quiver/tool-use-skill',
  '@quiver/tool-use-subagents',
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
