import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CORE_VERSION, quiverError } from '@quiver/core';
import { checkPluginManifest, loadConfig, type ManifestAsset, type QuiverConfig } from '@quiver/core/host';
import { HOST_CONFIG_SECTIONS, resolvePluginDir } from '@quiver/runtime';
import { CLI_PRESETS, DEFAULT_PLUGINS } from '../default-preset.js';
import { CLI_ERRORS } from '../cli-errors.js';

/** One plugin going into a distribution. */
export interface PlannedPlugin {
  /** The package name. */
  name: string;
  /** The package folder. */
  dir: string;
  /** The built entry module (the manifest's `entry`), absolute. */
  entry: string;
  /** The tool names its manifest declares. */
  tools: string[];
  /** Its options from the config. */
  options: Record<string, unknown>;
  /** The runtime assets its manifest declares (copied into the distribution). */
  assets: ManifestAsset[];
}

/** What a build config resolves to. */
export interface DistributionPlan {
  configFile: string;
  plugins: PlannedPlugin[];
  /** The config baked into the bundle: `extends` applied, `plugins` removed (they are built in). */
  config: Omit<QuiverConfig, 'plugins' | 'extends'>;
}

/**
 * Read a build config (any `quiver.config.*` form, `extends` applied) and find each plugin's
 * package and built entry, as the CLI would at run time: paths from the config's folder,
 * names from there and then from the CLI's own folder. No plugins listed means the default
 * preset.
 */
export async function planDistribution(options: { configFile: string; cwd: string; cliDir: string }): Promise<DistributionPlan> {
  const loaded = await loadConfig({ cwd: options.cwd, file: options.configFile, presets: CLI_PRESETS, sections: HOST_CONFIG_SECTIONS });
  const configFile = loaded.file ?? resolve(options.cwd, options.configFile);
  const specs = loaded.config.plugins ?? [...DEFAULT_PLUGINS];
  const plugins = specs.map((spec) => {
    const name = typeof spec === 'string' ? spec : spec.name;
    const dir = resolvePluginDir(name, { configDir: loaded.dir, configFile, from: [options.cliDir] });
    return readPlugin(dir, typeof spec === 'string' ? {} : { ...(spec.options ?? {}) });
  });
  const { plugins: _plugins, extends: _extends, ...config } = loaded.config;
  return { configFile, plugins, config };
}

function readPlugin(dir: string, options: Record<string, unknown>): PlannedPlugin {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    name?: string;
    quiver?: { entry?: string; tools?: (string | { name: string })[] };
  };
  const name = pkg.name ?? dir;
  if (!pkg.quiver?.entry) {
    throw quiverError(
      CLI_ERRORS.BUILD_FAILED,
      `Package '${name}' (${dir}) has no "quiver" manifest with an entry, so it is not a Quiver plugin. Remove it from the build config's plugins.`,
      { plugin: name },
    );
  }
  const entry = resolve(dir, pkg.quiver.entry);
  if (!existsSync(entry)) {
    throw quiverError(
      CLI_ERRORS.BUILD_FAILED,
      `Plugin '${name}' names entry '${pkg.quiver.entry}', which does not exist. Build the plugin first (npm run build / pnpm build).`,
      { plugin: name, file: entry },
    );
  }
  const tools = (pkg.quiver.tools ?? []).map((t) => (typeof t === 'string' ? t : t.name));
  const { manifest } = checkPluginManifest(pkg, { file: join(dir, 'package.json'), coreVersion: CORE_VERSION });
  return { name, dir, entry, tools, options, assets: manifest.assets ?? [] };
}
