import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ERROR_CODES, quiverError } from '@quiver/core';
import type { PluginPackageJson } from '@quiver/core/host';

const run = promisify(execFile);

/** True for a spec that names a folder on disk rather than a registry package. */
export function isLocalSpec(spec: string): boolean {
  return spec.startsWith('.') || isAbsolute(spec) || spec.startsWith('file:');
}

/**
 * The package.json a spec would install, read before anything is installed: from the folder
 * for a local path, else from the registry with `npm view` (the registry npm is configured
 * with for this project, `.npmrc` included). For a range, the newest matching version.
 */
export async function pluginMetadata(
  spec: string,
  projectDir: string,
): Promise<PluginPackageJson & { peerDependencies?: Record<string, string> }> {
  if (isLocalSpec(spec)) {
    const pj = join(resolve(projectDir, spec.replace(/^file:/, '')), 'package.json');
    if (!existsSync(pj))
      throw quiverError(ERROR_CODES.PLUGIN_NOT_FOUND, `'${spec}' has no package.json (${pj}). Give the folder of a plugin package.`, {
        file: pj,
        plugin: spec,
      });
    return JSON.parse(readFileSync(pj, 'utf8')) as PluginPackageJson;
  }
  let stdout: string;
  try {
    ({ stdout } = await run('npm', ['view', spec, '--json'], { cwd: projectDir, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }));
  } catch (e) {
    const err = e as Error & { stdout?: string; stderr?: string };
    const detail = (err.stdout || err.stderr || err.message).trim().split('\n').slice(0, 6).join(' ');
    throw quiverError(
      ERROR_CODES.PLUGIN_NOT_FOUND,
      `Plugin '${spec}' could not be found on the registry: ${detail}. Check the name, or the registry npm uses here (npm config get registry).`,
      { plugin: spec, cause: e },
    );
  }
  const parsed = JSON.parse(stdout) as PluginPackageJson | PluginPackageJson[];
  const found = Array.isArray(parsed) ? parsed[parsed.length - 1] : parsed;
  if (!found)
    throw quiverError(ERROR_CODES.PLUGIN_NOT_FOUND, `No version of '${spec}' is on the registry. Check the name and range.`, {
      plugin: spec,
    });
  return found;
}
