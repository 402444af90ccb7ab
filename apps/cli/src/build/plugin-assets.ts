import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { quiverError } from '@quiver/core';
import type { ManifestAsset } from '@quiver/core/host';
import { CLI_ERRORS } from '../cli-errors.js';
import type { CopiedAsset } from './native-assets.js';

/** The package name and the path inside it of an asset's `from` (`@scope/pkg/a/b` → `@scope/pkg`, `a/b`). */
function splitPackagePath(from: string): { pkg: string; path: string } {
  const parts = from.split('/');
  const size = from.startsWith('@') ? 2 : 1;
  return { pkg: parts.slice(0, size).join('/'), path: parts.slice(size).join('/') };
}

/** The file or folder an asset's `from` names, resolved from the plugin's folder. */
function assetSource(from: string, plugin: { name: string; dir: string }): string {
  if (from.startsWith('./')) return resolve(plugin.dir, from);
  const { pkg, path } = splitPackagePath(from);
  let root: string;
  try {
    root = dirname(createRequire(join(plugin.dir, 'package.json')).resolve(`${pkg}/package.json`));
  } catch (cause) {
    throw quiverError(
      CLI_ERRORS.BUILD_FAILED,
      `${plugin.name} declares the asset '${from}', but the package ${pkg} cannot be found from ${plugin.dir}. Install the plugin's dependencies.`,
      { plugin: plugin.name, key: 'quiver.assets', cause },
    );
  }
  return join(root, path);
}

/**
 * Copy the runtime assets a plugin's manifest declares (`quiver.assets`) into the distribution,
 * so it runs with no node_modules: each `from` to `to` inside `outDir`. An asset whose `option`
 * the config already sets is left out (the config points elsewhere).
 */
export async function copyPluginAssets(
  plugin: { name: string; dir: string; options: Record<string, unknown>; assets: readonly ManifestAsset[] },
  outDir: string,
): Promise<CopiedAsset[]> {
  const copied: CopiedAsset[] = [];
  for (const asset of plugin.assets) {
    if (asset.option && plugin.options[asset.option] !== undefined) continue;
    const source = assetSource(asset.from, plugin);
    if (!existsSync(source)) {
      throw quiverError(
        CLI_ERRORS.BUILD_FAILED,
        `${plugin.name} declares the asset '${asset.from}', which does not exist (${source}). Reinstall the plugin, or fix quiver.assets in its package.json.`,
        { plugin: plugin.name, file: source, key: 'quiver.assets' },
      );
    }
    await cp(source, join(outDir, asset.to), { recursive: true, dereference: true });
    copied.push({ file: asset.to, option: asset.option });
  }
  return copied;
}
