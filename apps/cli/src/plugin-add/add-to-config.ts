import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ERROR_CODES, quiverError } from '@quiver/core';
import { CLI_ERRORS } from '../cli-errors.js';

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
 * Add `plugin` to a JSON config's `plugins`, creating `quiver.config.json` in `dir` when there is
 * no config. A config without a `plugins` list loads the default tools, so the new list keeps
 * them: `"extends": "quiver:default"` (unless it extends something already) and `"..."` first.
 * A `.ts`/`.js` config is code, not data: it is refused (call {@link assertEditable} before
 * installing anything) with what to add by hand.
 */
export async function addToConfig(plugin: string, configFile: string | undefined, dir: string): Promise<ConfigChange> {
  if (!configFile) {
    const file = join(dir, 'quiver.config.json');
    await writeFile(file, `${JSON.stringify({ extends: 'quiver:default', plugins: ['...', plugin] }, null, 2)}\n`);
    return { file, created: true, changed: true };
  }
  assertEditable(plugin, configFile);
  const text = existsSync(configFile) ? readFileSync(configFile, 'utf8') : '{}';
  let config: Record<string, unknown>;
  try {
    config = JSON.parse(text) as Record<string, unknown>;
  } catch (cause) {
    throw quiverError(ERROR_CODES.CONFIG_INVALID, `${configFile} is not valid JSON (${(cause as Error).message}). Fix it, then run quiver plugin add again.`, { file: configFile, cause });
  }
  const plugins = config.plugins;
  if (plugins !== undefined && !Array.isArray(plugins)) {
    throw quiverError(ERROR_CODES.CONFIG_INVALID, `${configFile}: "plugins" is not a list. Make it an array of package names.`, { file: configFile, key: 'plugins' });
  }
  if (plugins?.some((p) => entryName(p) === plugin)) return { file: configFile, created: false, changed: false };
  if (plugins) config.plugins = [...plugins, plugin];
  else config = { ...(config.extends === undefined ? { extends: 'quiver:default' } : {}), ...config, plugins: ['...', plugin] };
  await writeFile(configFile, `${JSON.stringify(config, null, 2)}\n`);
  return { file: configFile, created: false, changed: true };
}

/** Refuse, before anything is installed, a config that {@link addToConfig} cannot edit. */
export function assertEditable(plugin: string, configFile: string | undefined): void {
  if (configFile && !configFile.endsWith('.json')) {
    throw quiverError(CLI_ERRORS.PLUGIN_ADD_FAILED, `${configFile} is a module, which quiver plugin add does not rewrite, so nothing was installed. Install '${plugin}' with your package manager and add it to the config's "plugins" list yourself (keep "..." first to keep the default tools).`, { file: configFile, key: 'plugins', plugin });
  }
}
