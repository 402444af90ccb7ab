import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ERROR_CODES, quiverError } from '../errors.js';
import type { QuiverConfig } from './config-schema.js';
import type { ConfigSection } from './config-section.js';
import { validateConfig } from './validate-config.js';
import { readConfigFile } from './read-config-file.js';
import { resolveConfig, type ConfigPresets } from './resolve-config.js';
import { untrustedConfig } from '../trust/untrusted-config.js';

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
  /** False when the config came from a folder the caller did not trust (only its safe part applied). */
  trusted?: boolean;
  /** What an untrusted config had that was left out, one line each (for one warning). */
  ignored?: string[];
  /**
   * With `deferUnknownKeys`: the top-level keys no section claimed (key → the file that has
   * it), kept in `config` as written; check them with `registry.checkConfigKeys` once the plugins'
   * sections are known.
   */
  unclaimed?: ReadonlyMap<string, string>;
}

/** Options of {@link loadConfig}. */
export interface LoadConfigOptions {
  /** Where the search for `quiver.config.*` starts, and what `file` is relative to. */
  cwd: string;
  /** An explicit config file (`--config`). */
  file?: string;
  /** Named presets the host offers to `extends` (e.g. `quiver:default`). */
  presets?: ConfigPresets;
  /**
   * Whether the folder `cwd` is trusted (SPEC W1–W2). A found config from an untrusted folder is
   * read as data only — a module config (or a module in `extends`) is not imported — and only
   * its safe part applies (`untrustedConfig`). An explicit `file` is the caller's own and always
   * applies in full. Hosts get the answer from the trust store (`checkTrust`).
   * @default false
   */
  trusted?: boolean;
  /**
   * The sections the host's packages and plugins own (`sandbox`, `mcpServers`, …; see
   * `configSchemaFor`): their keys are validated with their schemas and, from an untrusted
   * folder, kept only as far as their `untrusted` rule says. @default none: core's keys only
   */
  sections?: readonly ConfigSection[];
  /**
   * Keep top-level keys no section claims (a plugin's section: known only once the plugin's
   * manifest is read) and list them in `LoadedConfig.unclaimed` instead of refusing them. A
   * host that loads plugins checks them after (`createRuntime` does); a command that only reads
   * core's keys or a host section sets it so such a config still loads. @default false
   */
  deferUnknownKeys?: boolean;
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
  if (!file) return { config: validateConfig({}, undefined, options.sections), dir: resolve(options.cwd) };
  if (!existsSync(file))
    throw quiverError(ERROR_CODES.CONFIG_NOT_FOUND, `Config file '${file}' does not exist. Check the --config path.`, { file });
  const unclaimed = options.deferUnknownKeys ? new Map<string, string>() : undefined;
  const loaded =
    !options.file && !options.trusted ? await loadUntrusted(file, options, unclaimed) : await loadTrusted(file, options, unclaimed);
  // From an untrusted folder too: such a key is left out of the config (and listed in
  // `ignored`), but one that no plugin the host loads declares is still refused, as before.
  return unclaimed?.size ? { ...loaded, unclaimed } : loaded;
}

async function loadTrusted(file: string, options: LoadConfigOptions, unclaimed: Map<string, string> | undefined): Promise<LoadedConfig> {
  const raw = await readConfigFile(file);
  const { config, layers } = await resolveConfig(raw, {
    dir: dirname(file),
    file,
    presets: options.presets,
    sections: options.sections,
    unclaimed,
  });
  return layers.length ? { config, file, dir: dirname(file), layers } : { config, file, dir: dirname(file) };
}

/** A found config from an untrusted folder: JSON read as data, modules never imported, the safe part kept. */
async function loadUntrusted(file: string, options: LoadConfigOptions, unclaimed: Map<string, string> | undefined): Promise<LoadedConfig> {
  const dir = dirname(file);
  if (!file.endsWith('.json')) {
    return {
      config: validateConfig({}, file, options.sections),
      file,
      dir,
      trusted: false,
      ignored: [`${file} (a module config: loading it runs its code; nothing of it applies)`],
    };
  }
  const skipped: string[] = [];
  // A plugin's section (unclaimed here) has no untrusted rule core could run: it is left out.
  const { config, layers } = await resolveConfig(await readConfigFile(file), {
    dir,
    file,
    presets: options.presets,
    dataOnly: skipped,
    sections: options.sections,
    unclaimed,
  });
  const safe = untrustedConfig(config, { folder: options.cwd, dir }, options.sections);
  const ignored = [...skipped, ...safe.ignored];
  return { config: safe.config, file, dir, trusted: false, ignored, ...(layers.length ? { layers } : {}) };
}
