import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConfigPresets, QuiverConfigInput } from '@quiver/core/host';
import { resolvePluginDir } from '@quiver/runtime';
import { bundledPlugins } from './bundle/bundled-registry.js';

/**
 * The default preset: every first-party tool package. Used when the config names no plugins.
 * Packages neither installed next to the CLI nor carried in its bundle are skipped (the lean
 * install leaves the optional ones out).
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

/** Where the CLI's own modules are: the default plugins are looked up from here only (W3). */
const HERE = dirname(fileURLToPath(import.meta.url));

let installed: QuiverConfigInput | undefined;

/**
 * The default preset as a config layer: `"extends": "quiver:default"` starts from it. It names
 * the first-party tools installed with this CLI, as a config without `plugins` gets them: the
 * lean `npm i -g @quiver/cli` leaves optional tools out, and a config that `quiver plugin add`
 * wrote (`"extends": "quiver:default", "plugins": ["...", "quiver-tool-x"]`) must not fail on
 * them. Worked out on first use, not at import: `quiver --version` resolves nothing.
 */
export function defaultPreset(): QuiverConfigInput {
  installed ??= Object.freeze({ plugins: DEFAULT_PLUGINS.filter(isInstalled) });
  return installed;
}

function isInstalled(name: string): boolean {
  try {
    resolvePluginDir(name, { configDir: HERE, from: [HERE], hostOnly: true, bundled: bundledPlugins() });
    return true;
  } catch {
    return false;
  }
}

/**
 * The presets the CLI offers to `extends`. `@quiver/preset-default` is the same preset under
 * a package-style name, so a config reads the same whether or not such a package is installed.
 */
export const CLI_PRESETS: ConfigPresets = Object.freeze({
  get 'quiver:default'() {
    return defaultPreset();
  },
  get '@quiver/preset-default'() {
    return defaultPreset();
  },
});
