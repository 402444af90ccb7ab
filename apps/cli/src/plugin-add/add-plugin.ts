import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { CORE_VERSION, ERROR_CODES, quiverError } from '@quiver/core';
import { checkPluginManifest, findConfigFile, type Manifest, type PluginPackageJson } from '@quiver/core/host';
import { CLI_ERRORS } from '../cli-errors.js';
import { addToConfig, assertEditable, type ConfigChange } from './add-to-config.js';
import { addCommand, detectPackageManager, removeCommand, type PackageManager } from './package-manager.js';
import { isLocalSpec, pluginMetadata } from './plugin-metadata.js';
import { recordConfigTrusted, trustBeforeWrite } from './record-config-trusted.js';

const run = promisify(execFile);

/** What {@link addPlugin} did. */
export interface AddPluginResult {
  package: string;
  version: string;
  tools: string[];
  packageManager: PackageManager;
  config: ConfigChange;
}

/** The spec to install: a local folder as `file:`, anything else as typed. */
function installSpec(spec: string): string {
  return isLocalSpec(spec) && !spec.startsWith('file:') ? `file:${spec}` : spec;
}

async function install(pm: PackageManager, spec: string, dir: string): Promise<void> {
  const cmd = addCommand(pm, installSpec(spec));
  try {
    await run(cmd.file, cmd.args, { cwd: dir, timeout: 600_000, maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    const err = e as Error & { stdout?: string; stderr?: string };
    const output = `${err.stderr ?? ''}${err.stdout ?? ''}`.trim().split('\n').slice(-12).join('\n');
    throw quiverError(
      CLI_ERRORS.PLUGIN_ADD_FAILED,
      `'${cmd.file} ${cmd.args.join(' ')}' failed in ${dir}, so nothing was added to the config:\n${output || err.message}`,
      { plugin: spec, cause: e },
    );
  }
}

/** The installed copy's package.json, as the runtime will resolve it from the project. */
function installedPackageJson(name: string, dir: string): { file: string; pkg: PluginPackageJson } {
  const file = createRequire(join(dir, 'noop.js')).resolve(`${name}/package.json`);
  return { file, pkg: JSON.parse(readFileSync(file, 'utf8')) as PluginPackageJson };
}

function checkEntry(name: string, file: string, manifest: Manifest): void {
  const entry = join(dirname(file), manifest.entry);
  if (!existsSync(entry))
    throw quiverError(
      ERROR_CODES.PLUGIN_ENTRY_MISSING,
      `Package '${name}' names entry '${manifest.entry}', which is not in the installed package. Ask its author to publish it built.`,
      { plugin: name, file: entry, key: 'quiver.entry' },
    );
}

/**
 * `quiver plugin add <spec>`: check the plugin's manifest (API version, supported core range)
 * from the registry's metadata before anything changes, install it with the project's package
 * manager, check the installed copy again, then add it to the project's `quiver.config.*`
 * (creating `quiver.config.json` when there is none). A refused plugin changes nothing.
 * @param spec - a package name with an optional range or tag, or a local folder.
 * @param cwd - the project folder (the config found from here upward decides the project).
 */
export async function addPlugin(spec: string, cwd: string): Promise<AddPluginResult> {
  const configFile = findConfigFile(cwd);
  const dir = configFile ? dirname(configFile) : cwd;
  const meta = await pluginMetadata(spec, dir);
  checkPluginManifest(meta, { file: `${spec} (package.json on the registry)`, coreVersion: CORE_VERSION, fallbackName: spec });
  await assertEditable(meta.name ?? spec, configFile);
  const pm = detectPackageManager(dir);
  await install(pm, spec, dir);
  const name = meta.name ?? spec;
  const installed = installedPackageJson(name, dir);
  let manifest: Manifest;
  try {
    manifest = checkPluginManifest(installed.pkg, { file: installed.file, coreVersion: CORE_VERSION }).manifest;
    checkEntry(name, installed.file, manifest);
  } catch (e) {
    // What got installed is not what the registry described: take it out again.
    const undo = removeCommand(pm, name);
    await run(undo.file, undo.args, { cwd: dir, timeout: 300_000 }).catch(() => undefined);
    throw e;
  }
  const before = trustBeforeWrite(dir);
  const config = await addToConfig(name, configFile, dir);
  if (config.changed) recordConfigTrusted(dir, before);
  const tools = manifest.tools.map((t) => (typeof t === 'string' ? t : t.name));
  return { package: name, version: installed.pkg.version ?? '', tools, packageManager: pm, config };
}
