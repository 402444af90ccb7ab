import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConfigSection } from '@quiver/core';
import { resolveConfig, type LoadedConfig } from '@quiver/core/host';
import { configSectionsWith } from './config-sections/host-config-sections.js';
import { resolvePluginDir, type BundledPackage } from './resolve-plugin.js';

/** Where a host finds the plugins a config names (as {@link createRuntime} is given them). */
export interface ConfigKeyCheckOptions {
  defaultPlugins?: string[];
  resolveFrom?: string[];
  bundledPlugins?: ReadonlyMap<string, BundledPackage>;
  sections?: readonly ConfigSection[];
}

/**
 * For a command that loads a config with `deferUnknownKeys` but builds no runtime (`quiver
 * permissions check`, `quiver sandbox check`): refuse a top-level key that neither a host
 * section nor any plugin the config names declares (its manifest's `quiver.sections`; nothing
 * is imported) — the same unknown-key `QUIVER_ERR_CONFIG_INVALID`, naming the file and the key,
 * that `createRuntime` gives. A plugin that cannot be found declares nothing here (the runtime
 * reports it when it loads the plugins).
 */
export async function checkConfigKeys(loaded: LoadedConfig, options: ConfigKeyCheckOptions = {}): Promise<void> {
  if (!loaded.unclaimed?.size) return;
  const declared = new Set<string>();
  const fromDefaults = !loaded.config.plugins;
  for (const spec of loaded.config.plugins ?? options.defaultPlugins ?? []) {
    const name = typeof spec === 'string' ? spec : spec.name;
    for (const key of declaredSections(name, loaded, options, fromDefaults)) declared.add(key);
  }
  for (const [key, file] of loaded.unclaimed) {
    // The unknown-key error exactly as a strict load would give it.
    if (!declared.has(key))
      await resolveConfig({ [key]: loaded.config[key] }, { dir: loaded.dir, file, sections: configSectionsWith(options.sections) });
  }
}

function declaredSections(name: string, loaded: LoadedConfig, options: ConfigKeyCheckOptions, fromDefaults: boolean): string[] {
  try {
    const dir = resolvePluginDir(name, {
      configDir: loaded.dir,
      configFile: loaded.file,
      from: options.resolveFrom ?? [],
      hostOnly: fromDefaults || loaded.trusted === false,
      bundled: options.bundledPlugins,
    });
    const sections = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { quiver?: { sections?: unknown } }).quiver?.sections;
    return Array.isArray(sections) ? sections.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}
