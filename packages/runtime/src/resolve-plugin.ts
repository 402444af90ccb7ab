import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { ERROR_CODES, quiverError } from '@quiver/core';
import type { BundledPlugin } from '@quiver/core/host';
import { findPackageDir } from './find-package-dir.js';

/**
 * A plugin a host carries in its bundle (see core's `BundledPlugin`), and where the host keeps
 * a copy of that package's manifest (its package.json and descriptors file) when the package
 * itself is not installed: the CLI ships its bundled plugins' code once, in the bundle.
 */
export interface BundledPackage extends BundledPlugin {
  /** A folder holding the package's package.json (and the descriptors file it names). */
  manifestDir?: string;
}

/**
 * Find a plugin package's folder: a path (relative to the config file) or a package name,
 * looked up from the config's folder first, then from each `from` folder (the host app's),
 * then in the host's `bundled` manifests (a plugin it carries without installing it).
 * With `hostOnly` (the default plugins, SPEC W3; any plugin of an untrusted folder, W1) only
 * the host's own folders and manifests count: a same-named package in the workspace's
 * `node_modules` never loads, and a path is refused.
 */
export function resolvePluginDir(
  spec: string,
  options: { configDir: string; configFile?: string; from: string[]; hostOnly?: boolean; bundled?: ReadonlyMap<string, BundledPackage> },
): string {
  if (options.hostOnly && (spec.startsWith('.') || isAbsolute(spec))) {
    throw quiverError(
      ERROR_CODES.PLUGIN_NOT_FOUND,
      `Plugin path '${spec}' is in a folder you have not trusted, so it is not loaded. Trust the folder ('quiver trust') to use it.`,
      { file: options.configFile, key: 'plugins', plugin: spec },
    );
  }
  if (spec.startsWith('.') || isAbsolute(spec)) {
    const dir = resolve(options.configDir, spec);
    if (existsSync(join(dir, 'package.json'))) return dir;
    throw quiverError(
      ERROR_CODES.PLUGIN_NOT_FOUND,
      `Plugin path '${spec}' (${dir}) has no package.json. Fix the path in ${options.configFile ?? 'the config'}.`,
      { file: options.configFile, key: 'plugins', plugin: spec },
    );
  }
  for (const base of options.hostOnly ? options.from : [options.configDir, ...options.from]) {
    const dir = findPackageDir(spec, base);
    if (dir) return dir;
  }
  const manifestDir = options.bundled?.get(spec)?.manifestDir;
  if (manifestDir && existsSync(join(manifestDir, 'package.json'))) return manifestDir;
  throw quiverError(
    ERROR_CODES.PLUGIN_NOT_FOUND,
    `Plugin '${spec}' is not installed. Install it (npm i ${spec}) or remove it from 'plugins' in ${options.configFile ?? 'the config'}.`,
    { file: options.configFile, key: 'plugins', plugin: spec },
  );
}
