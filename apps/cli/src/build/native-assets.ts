import { chmod, copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { quiverError } from '@quiver/core';
import { CLI_ERRORS } from '../cli-errors.js';

/**
 * A binary a plugin runs that cannot live inside a JavaScript bundle. The build copies it
 * next to the bundle and sets the plugin option that tells the plugin where it is, resolved
 * from the bundle's folder at run time.
 */
export interface NativeAsset {
  /** The plugin package that needs it. */
  plugin: string;
  /** The package that ships the binary, resolved from the plugin's folder. */
  module: string;
  /** The export of `module` holding the binary's absolute path. */
  pathExport: string;
  /** The plugin option to point at the copy. */
  option: string;
}

/** Binaries of first-party plugins. ripgrep comes from @vscode/ripgrep's platform package. */
export const NATIVE_ASSETS: readonly NativeAsset[] = [
  { plugin: '@quiver/tool-search-files', module: '@vscode/ripgrep', pathExport: 'rgPath', option: 'ripgrepPath' },
];

/** Modules that only locate a native asset: left out of the bundle (the option replaces them). */
export const NATIVE_ASSET_MODULES: readonly string[] = NATIVE_ASSETS.map((a) => a.module);

/** A copied binary or asset: its path in the output folder and the option that points at it. */
export interface CopiedAsset {
  file: string;
  /** Unset for an asset the plugin finds by itself (e.g. next to the bundle). */
  option?: string;
}

/**
 * Copy the binaries a plugin needs into `outDir` (executable). Plugins whose options already
 * name the binary (e.g. `ripgrepPath` set in the config) get nothing copied.
 */
export async function copyNativeAssets(
  plugin: { name: string; dir: string; options: Record<string, unknown> },
  outDir: string,
): Promise<CopiedAsset[]> {
  const copied: CopiedAsset[] = [];
  for (const asset of NATIVE_ASSETS.filter((a) => a.plugin === plugin.name && plugin.options[a.option] === undefined)) {
    const source = await binaryPath(asset, plugin.dir);
    const file = basename(source);
    await copyFile(source, join(outDir, file));
    await chmod(join(outDir, file), 0o755);
    copied.push({ file, option: asset.option });
  }
  return copied;
}

async function binaryPath(asset: NativeAsset, pluginDir: string): Promise<string> {
  try {
    const modulePath = createRequire(join(pluginDir, 'package.json')).resolve(asset.module);
    const mod = (await import(pathToFileURL(modulePath).href)) as Record<string, unknown>;
    const path = mod[asset.pathExport];
    if (typeof path !== 'string') throw new Error(`${asset.module} has no '${asset.pathExport}' export`);
    return path;
  } catch (cause) {
    throw quiverError(
      CLI_ERRORS.BUILD_FAILED,
      `${asset.plugin} needs the binary from ${asset.module}, which cannot be found: ${(cause as Error).message}. Install ${asset.module} with its platform package, or set the plugin option '${asset.option}' in the build config.`,
      { plugin: asset.plugin, cause },
    );
  }
}
