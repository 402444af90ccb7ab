import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { ERROR_CODES, quiverError } from '@quiver/core';

/**
 * Find a plugin package's folder: a path (relative to the config file) or a package name,
 * looked up from the config's folder first, then from each `from` folder (the host app's).
 */
export function resolvePluginDir(spec: string, options: { configDir: string; configFile?: string; from: string[] }): string {
  if (spec.startsWith('.') || isAbsolute(spec)) {
    const dir = resolve(options.configDir, spec);
    if (existsSync(join(dir, 'package.json'))) return dir;
    throw quiverError(ERROR_CODES.PLUGIN_NOT_FOUND, `Plugin path '${spec}' (${dir}) has no package.json. Fix the path in ${options.configFile ?? 'the config'}.`, { file: options.configFile, key: 'plugins', plugin: spec });
  }
  for (const base of [options.configDir, ...options.from]) {
    try {
      const req = createRequire(join(base, 'noop.js'));
      return dirname(req.resolve(`${spec}/package.json`));
    } catch {
      // Not resolvable from here; try the next base.
    }
  }
  throw quiverError(
    ERROR_CODES.PLUGIN_NOT_FOUND,
    `Plugin '${spec}' is not installed. Install it (npm i ${spec}) or remove it from 'plugins' in ${options.configFile ?? 'the config'}.`,
    { file: options.configFile, key: 'plugins', plugin: spec },
  );
}
