import type { PluginDefinition } from '@quiver/core';
import { provideOptional, type ConfigPresets, type QuiverConfigInput } from '@quiver/core/host';
import applyPatch from '@quiver/tool-apply-patch';
import executeCommand from '@quiver/tool-execute-command';
import listFiles from '@quiver/tool-list-files';
import readFile from '@quiver/tool-read-file';
import searchFiles from '@quiver/tool-search-files';
import writeToFile from '@quiver/tool-write-to-file';

/**
 * The plugins bundled into the extension, by package name: the CLI's default preset. They are
 * imported statically so the bundler ships them; a config naming one of these packages gets
 * the bundled copy, any other plugin is loaded from the workspace's `node_modules`.
 */
export const BUNDLED_PLUGINS: ReadonlyMap<string, PluginDefinition> = new Map([
  ['@quiver/tool-read-file', readFile],
  ['@quiver/tool-list-files', listFiles],
  ['@quiver/tool-search-files', searchFiles],
  ['@quiver/tool-execute-command', executeCommand],
  ['@quiver/tool-write-to-file', writeToFile],
  ['@quiver/tool-apply-patch', applyPatch],
]);

/** The plugins used when the config names none. */
export const DEFAULT_PLUGINS: readonly string[] = Object.freeze([...BUNDLED_PLUGINS.keys()]);

const DEFAULT_PRESET: QuiverConfigInput = Object.freeze({ plugins: [...DEFAULT_PLUGINS] });

/** The presets a config's `extends` may name, as in the CLI. */
export const VSCODE_PRESETS: ConfigPresets = Object.freeze({
  'quiver:default': DEFAULT_PRESET,
  '@quiver/preset-default': DEFAULT_PRESET,
});

/**
 * Carry the optional packages the bundled plugins use: the extension is one file with no
 * node_modules beside it, so read_file could not find `@quiver/documents` (its PDF, Word and
 * Excel parsers) on disk the way a CLI install does. Bundled here, loaded on first use.
 */
export function provideBundledOptionals(): void {
  provideOptional('@quiver/documents', () => import('@quiver/documents'));
}
