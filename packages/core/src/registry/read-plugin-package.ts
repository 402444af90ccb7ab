import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ERROR_CODES, quiverError } from '../errors.js';
import { checkPluginManifest, type PluginPackageJson } from './check-plugin-manifest.js';
import type { Manifest } from './manifest-schema.js';
import type { BundledPlugin } from './registry.js';

/** A plugin package as read from its folder: its name, manifest and options (nothing imported). */
export interface PluginPackage {
  package: string;
  /** The package's `version`, when it has one. */
  version?: string;
  dir: string;
  manifest: Manifest;
  options: Readonly<Record<string, unknown>>;
}

/**
 * Read and check a plugin package's `package.json` without importing its code: the `quiver`
 * manifest must parse, speak this API version, accept this core version, and name an entry
 * that exists. Each problem is its own `QUIVER_ERR_PLUGIN_*` code, naming the package and file.
 * @param dir - the plugin package's folder.
 * @param pluginOptions - the plugin's options from the config (frozen into the result).
 * @param coreVersion - the running core's version, checked against the manifest's `core` range.
 * @param checked - the host's bundled plugins: a package whose manifest the host's build
 * already checked (same name, version and `quiver` text) skips the check (see `BundledPlugin.manifest`).
 */
export function readPluginPackage(
  dir: string,
  pluginOptions: Readonly<Record<string, unknown>>,
  coreVersion: string,
  checked?: ReadonlyMap<string, BundledPlugin>,
): PluginPackage {
  const pj = join(dir, 'package.json');
  if (!existsSync(pj))
    throw quiverError(
      ERROR_CODES.PLUGIN_NOT_FOUND,
      `No package.json in plugin folder '${dir}'. Point the config at the plugin package's folder.`,
      { file: pj },
    );
  let pkg: PluginPackageJson;
  try {
    pkg = JSON.parse(readFileSync(pj, 'utf8')) as PluginPackageJson;
  } catch (cause) {
    throw quiverError(
      ERROR_CODES.PLUGIN_MANIFEST_INVALID,
      `Plugin folder '${dir}' has a package.json that cannot be read: ${(cause as Error).message}. Fix the JSON.`,
      { file: pj, cause },
    );
  }
  const { name, manifest } = checkedByHost(pkg, checked) ?? checkPluginManifest(pkg, { file: pj, coreVersion, fallbackName: dir });
  if (!existsSync(resolve(dir, manifest.entry))) {
    throw quiverError(
      ERROR_CODES.PLUGIN_ENTRY_MISSING,
      `Package '${name}' names entry '${manifest.entry}', which does not exist. Build the plugin, or fix quiver.entry.`,
      { plugin: name, file: resolve(dir, manifest.entry), key: 'quiver.entry' },
    );
  }
  if (manifest.descriptors && !existsSync(resolve(dir, manifest.descriptors))) {
    throw quiverError(
      ERROR_CODES.PLUGIN_ENTRY_MISSING,
      `Package '${name}' names tool descriptors '${manifest.descriptors}', which do not exist. Build the plugin (its build runs quiver-describe-tools), or fix quiver.descriptors.`,
      { plugin: name, file: resolve(dir, manifest.descriptors), key: 'quiver.descriptors' },
    );
  }
  return {
    package: name,
    version: typeof pkg.version === 'string' ? pkg.version : undefined,
    dir,
    manifest,
    options: Object.freeze({ ...pluginOptions }),
  };
}

/** The manifest of `pkg` when the host's build checked exactly this one (see `BundledPlugin.manifest`). */
function checkedByHost(
  pkg: PluginPackageJson,
  checked: ReadonlyMap<string, BundledPlugin> | undefined,
): { name: string; manifest: Manifest } | undefined {
  const known = pkg.name === undefined ? undefined : checked?.get(pkg.name);
  if (known?.manifest === undefined || known.version !== pkg.version || pkg.quiver === undefined) return undefined;
  return JSON.stringify(pkg.quiver) === known.manifest ? { name: pkg.name!, manifest: pkg.quiver as Manifest } : undefined;
}
