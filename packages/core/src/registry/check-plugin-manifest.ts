import satisfies from 'semver/functions/satisfies.js';
import { ERROR_CODES, quiverError } from '../errors.js';
import { API_VERSION } from '../tool/define-tool.js';
import { manifestSchema, type Manifest } from './manifest-schema.js';

/** The fields of a plugin's `package.json` that {@link checkPluginManifest} reads. */
export interface PluginPackageJson {
  name?: string;
  version?: string;
  quiver?: unknown;
}

/**
 * Check a plugin's `package.json` before anything of it is used: the `quiver` manifest must
 * be there and parse, speak this API version and accept this core version. Nothing is
 * imported or read from disk, so a package can be checked from the registry's metadata before
 * it is installed (`quiver plugin add`) as well as from its folder at load.
 * @param pkg - the parsed package.json.
 * @param where - `file` names the package.json in errors; `coreVersion` is the running core's.
 * @returns the package name and its validated manifest.
 * @example
 * const { manifest } = checkPluginManifest(JSON.parse(text), { file: 'package.json', coreVersion: CORE_VERSION });
 */
export function checkPluginManifest(
  pkg: PluginPackageJson,
  where: { file: string; coreVersion: string; fallbackName?: string },
): { name: string; manifest: Manifest } {
  const { file, coreVersion } = where;
  const name = pkg.name ?? where.fallbackName ?? file;
  if (pkg.quiver === undefined)
    throw quiverError(
      ERROR_CODES.PLUGIN_MANIFEST_INVALID,
      `Package '${name}' has no "quiver" field in package.json, so it is not a Quiver plugin. Add { "apiVersion": ${API_VERSION}, "tools": [...], "entry": "./dist/index.js" }.`,
      { plugin: name, file },
    );
  // jitless: a handful of parses per start-up; zod's compiled fast path would cost more than it saves.
  const parsed = manifestSchema.safeParse(pkg.quiver, { jitless: true });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `quiver.${i.path.join('.')}: ${i.message}`).join('; ');
    throw quiverError(ERROR_CODES.PLUGIN_MANIFEST_INVALID, `Package '${name}' has an invalid "quiver" manifest: ${issues}.`, {
      plugin: name,
      file,
    });
  }
  const manifest = parsed.data;
  if (manifest.apiVersion !== API_VERSION) {
    throw quiverError(
      ERROR_CODES.PLUGIN_API_VERSION,
      `Package '${name}' declares quiver.apiVersion ${manifest.apiVersion}, but this Quiver speaks apiVersion ${API_VERSION}. Use a version of the plugin built for apiVersion ${API_VERSION}.`,
      { plugin: name, file, key: 'quiver.apiVersion' },
    );
  }
  if (manifest.core && !coreInRange(coreVersion, manifest.core)) {
    throw quiverError(
      ERROR_CODES.PLUGIN_CORE_RANGE,
      `Package '${name}' supports @quiver/core ${manifest.core}, but this is @quiver/core ${coreVersion}. Upgrade or downgrade the plugin to one that supports it.`,
      { plugin: name, file, key: 'quiver.core' },
    );
  }
  return { name, manifest };
}

/** `^1.2.3`, `~1.2.3`, `>=1.2.3`, `=1.2.3`, `1.2.3`: ranges every one of which its base version satisfies. */
const BASE_INCLUDED = /^\s*(?:\^|~|>=|=)?\s*v?(\d+\.\d+\.\d+)\s*$/;

/**
 * Whether the running core's version is in a manifest's `core` range. The usual range names
 * this very version as its base (`^0.1.0` for core 0.1.0, what the scaffold writes), which
 * needs no semver: its first call costs 5-10 ms of a start-up (its range grammar's regular
 * expressions compiled); any other range is semver's.
 */
function coreInRange(coreVersion: string, range: string): boolean {
  if (range.trim() === '*' || BASE_INCLUDED.exec(range)?.[1] === coreVersion) return true;
  return satisfies(coreVersion, range, { includePrerelease: true });
}
