import { existsSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { CORE_VERSION, quiverError } from '@quiver/core';
import { API_VERSION } from '@quiver/core/host';
import { pluginNames, type PluginNames } from './plugin-names.js';
import { pluginFiles } from './plugin-templates.js';
import { quiverSpecs, type QuiverSource } from './quiver-deps.js';
import { CLI_ERRORS } from '../cli-errors.js';

/** Options of {@link scaffoldPlugin}. */
export interface ScaffoldOptions {
  /** The name typed by the user: `word-count`, `quiver-tool-word-count`, `@acme/word-count`. */
  name: string;
  /** The folder to create; default `<cwd>/<package name without scope>`. */
  dir?: string;
  /** What relative paths are resolved from. */
  cwd: string;
  /** Where `@quiver/*` come from. @default { kind: 'registry' } */
  source?: QuiverSource;
}

/** What {@link scaffoldPlugin} made. */
export interface ScaffoldResult {
  dir: string;
  names: PluginNames;
  /** The files written, relative to `dir`. */
  files: string[];
}

/**
 * Write a standalone plugin package: manifest, handler, zod params, a test through
 * `@quiver/testing`, README, tsup/vitest/TypeScript config. It builds and passes its tests
 * once installed. The folder must not exist or be empty.
 * @example
 * await scaffoldPlugin({ name: 'word-count', cwd: process.cwd() });
 */
export async function scaffoldPlugin(options: ScaffoldOptions): Promise<ScaffoldResult> {
  const names = pluginNames(options.name);
  const dir = resolve(options.cwd, options.dir ?? names.bareName);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw quiverError(CLI_ERRORS.SCAFFOLD_FAILED, `Folder '${dir}' exists and is not empty. Pick another --dir, or remove the folder.`, {
      file: dir,
    });
  }
  const specs = quiverSpecs(options.source ?? { kind: 'registry' });
  const files = pluginFiles({ names, specs, coreRange: `^${CORE_VERSION}`, apiVersion: API_VERSION });
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, rel)), { recursive: true });
    await writeFile(join(dir, rel), content);
  }
  return { dir, names, files: Object.keys(files) };
}
