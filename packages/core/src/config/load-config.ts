import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ERROR_CODES, quiverError } from '../errors.js';
import { configSchema, type QuiverConfig } from './config-schema.js';
import { readConfigFile } from './read-config-file.js';
import { resolveConfig, type ConfigPresets } from './resolve-config.js';

export { validateConfig } from './validate-config.js';

/** Config file names, in the order they are looked for in each folder. */
export const CONFIG_FILE_NAMES = ['quiver.config.ts', 'quiver.config.mjs', 'quiver.config.js', 'quiver.config.json'] as const;

/** A loaded config and where it came from. */
export interface LoadedConfig {
  config: QuiverConfig;
  /** The file, or undefined when none was found (defaults apply). */
  file?: string;
  /** The folder relative paths in the config are resolved against. */
  dir: string;
  /** What `extends` pulled in, in the order applied (preset names, absolute files); absent when nothing. */
  layers?: string[];
}

/** Options of {@link loadConfig}. */
export interface LoadConfigOptions {
  /** Where the search for `quiver.config.*` starts, and what `file` is relative to. */
  cwd: string;
  /** An explicit config file (`--config`). */
  file?: string;
  /** Named presets the host offers to `extends` (e.g. `quiver:default`). */
  presets?: ConfigPresets;
}

/** Find a config file from `cwd` upward. */
export function findConfigFile(cwd: string): string | undefined {
  let dir = resolve(cwd);
  for (;;) {
    for (const name of CONFIG_FILE_NAMES) {
      const file = join(dir, name);
      if (existsSync(file)) return file;
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Load and validate a config: `file` if given, else the nearest `quiver.config.*` from `cwd`
 * upward, else the defaults. Its `extends` chain is applied (see `resolveConfig`). Every
 * problem is one `QUIVER_ERR_CONFIG_*` error naming the file, the key and what was expected.
 */
export async function loadConfig(options: LoadConfigOptions): Promise<LoadedConfig> {
  const file = options.file ? resolve(options.cwd, options.file) : findConfigFile(options.cwd);
  if (!file) return { config: configSchema.parse({}), dir: resolve(options.cwd) };
  if (!existsSync(file)) throw quiverError(ERROR_CODES.CONFIG_NOT_FOUND, `Config file '${file}' does not exist. Check the --config path.`, { file });
  const raw = await readConfigFile(file);
  const { config, layers } = await resolveConfig(raw, { dir: dirname(file), file, presets: options.presets });
  return layers.length ? { config, file, dir: dirname(file), layers } : { config, file, dir: dirname(file) };
}
