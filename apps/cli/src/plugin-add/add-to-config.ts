import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ERROR_CODES, quiverError } from '@quiver/core';
import { editModuleConfig } from './edit-module-config.js';

/** What {@link addToConfig} did. */
export interface ConfigChange {
  file: string;
  created: boolean;
  /** False when the config named the plugin already. */
  changed: boolean;
}

/** A plugin entry: a package name, or `{ name, options }` / `[name, options]` forms. */
function entryName(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  if (Array.isArray(entry) && typeof entry[0] === 'string') return entry[0];
  if (entry && typeof entry === 'object' && typeof (entry as { name?: unknown }).name === 'string') return (entry as { name: string }).name;
  return undefined;
}

/**
 * Add `plugin` to a config's `plugins`, creating `quiver.config.json` in `dir` when there is no
 * config. A config without a `plugins` list loads the default tools, so the new list keeps
 * them: `"extends": "quiver:default"` (unless it extends something already) and `"..."` first.
 * A `.ts`/`.mjs`/`.js` config is edited as code (see {@link editModuleConfig}); one whose shape
 * cannot be edited safely is refused with what to add by hand (call {@link assertEditable}
 * before installing anything). The file is replaced whole: written beside it, then renamed.
 */
export async function addToConfig(plugin: string, configFile: string | undefined, dir: string): Promise<ConfigChange> {
  if (!configFile) {
    const file = join(dir, 'quiver.config.json');
    await writeFile(file, `${JSON.stringify({ extends: 'quiver:default', plugins: ['...', plugin] }, null, 2)}\n`);
    return { file, created: true, changed: true };
  }
  const edited = await editedConfig(plugin, configFile);
  if (edited === undefined) return { file: configFile, created: false, changed: false };
  await replaceFile(configFile, edited);
  return { file: configFile, created: false, changed: true };
}

/** Refuse, before anything is installed, a config that {@link addToConfig} cannot edit. */
export async function assertEditable(plugin: string, configFile: string | undefined): Promise<void> {
  if (configFile) await editedConfig(plugin, configFile);
}

/** The config's new text naming `plugin`, or `undefined` when it names it already. */
function editedConfig(plugin: string, configFile: string): Promise<string | undefined> | string | undefined {
  if (!configFile.endsWith('.json')) return editModuleConfig(plugin, configFile);
  const text = existsSync(configFile) ? readFileSync(configFile, 'utf8') : '{}';
  let config: Record<string, unknown>;
  try {
    config = JSON.parse(text) as Record<string, unknown>;
  } catch (cause) {
    throw quiverError(
      ERROR_CODES.CONFIG_INVALID,
      `${configFile} is not valid JSON (${(cause as Error).message}). Fix it, then run quiver plugin add again.`,
      { file: configFile, cause },
    );
  }
  if (!config || typeof config !== 'object' || Array.isArray(config)) {
    throw quiverError(ERROR_CODES.CONFIG_INVALID, `${configFile} is not a JSON object. Make it { "plugins": [...] }.`, {
      file: configFile,
    });
  }
  const plugins = config.plugins;
  if (plugins !== undefined && !Array.isArray(plugins)) {
    throw quiverError(ERROR_CODES.CONFIG_INVALID, `${configFile}: "plugins" is not a list. Make it an array of package names.`, {
      file: configFile,
      key: 'plugins',
    });
  }
  if (plugins?.some((p) => entryName(p) === plugin)) return undefined;
  if (plugins) config.plugins = [...plugins, plugin];
  else config = { ...(config.extends === undefined ? { extends: 'quiver:default' } : {}), ...config, plugins: ['...', plugin] };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** A reader of the config never sees half a file: write a sibling, then rename it over. */
async function replaceFile(file: string, text: string): Promise<void> {
  const temp = `${file}.quiver-${process.pid}.tmp`;
  await writeFile(temp, text);
  await rename(temp, file);
}
