import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ERROR_CODES, quiverError } from '../errors.js';

/** How {@link importOptional} looks for a package and says it is missing. */
export interface OptionalPackage {
  /** The package to import, e.g. `@quiver/documents`. */
  name: string;
  /** What it is needed for, as the end of "… needs <name>", e.g. `Reading .pdf files`. */
  neededFor: string;
  /**
   * Folders to resolve from after the caller's own installation: usually the workspace
   * (`config.cwd`), where `quiver plugin add` installs it.
   */
  from?: readonly string[];
  /** The caller's `import.meta.url`: resolving from the caller first finds global siblings. */
  callerUrl: string;
}

/**
 * Modules a bundled distribution carries itself (the VS Code extension is one file with no
 * node_modules beside it, so resolving by folder cannot find what it bundled).
 */
const provided = new Map<string, () => Promise<unknown>>();

/**
 * Declare that this distribution carries an optional package: {@link importOptional} then loads
 * it through `load` instead of looking for it on disk. For hosts that bundle their plugins.
 * @example
 * provideOptional('@quiver/documents', () => import('@quiver/documents'));
 */
export function provideOptional(name: string, load: () => Promise<unknown>): void {
  provided.set(name, load);
}

type Exports = string | { import?: Exports; default?: Exports; node?: Exports } | undefined;

/** The ESM entry a package.json names for `.` (exports' import/default condition, else main). */
function esmEntry(pkg: { exports?: Exports | Record<string, Exports>; main?: string }): string {
  let target: Exports =
    pkg.exports && typeof pkg.exports === 'object' && '.' in pkg.exports
      ? (pkg.exports as Record<string, Exports>)['.']
      : (pkg.exports as Exports);
  while (target && typeof target === 'object') target = target.import ?? target.node ?? target.default;
  return target ?? pkg.main ?? 'index.js';
}

/**
 * The package's entry file as Node would find it from `base` (each node_modules folder up the
 * tree), or undefined when it is not there. Found by folder, so a package whose `exports` do
 * not list `./package.json` is found too.
 */
function resolveFrom(base: string, name: string): string | undefined {
  for (const dir of createRequire(join(base, 'noop.js')).resolve.paths(name) ?? []) {
    const pj = join(dir, name, 'package.json');
    if (existsSync(pj)) return join(dirname(pj), esmEntry(JSON.parse(readFileSync(pj, 'utf8')) as Parameters<typeof esmEntry>[0]));
  }
  return undefined;
}

/**
 * Import a package that a lean install may leave out: from the caller's installation (a global
 * `@quiver/cli` finds packages installed globally beside it, `@quiver/all` brings them all),
 * unless the distribution carries it ({@link provideOptional}),
 * then from each `from` folder (a project's node_modules). When it is nowhere, throws
 * `QUIVER_ERR_DEPENDENCY_MISSING` naming the package and how to add it.
 * @example
 * const docs = await importOptional<typeof import('@quiver/documents')>({ name: '@quiver/documents', neededFor: 'Reading .pdf files', from: [config.cwd], callerUrl: import.meta.url });
 */
export async function importOptional<T>(pkg: OptionalPackage): Promise<T> {
  const carried = provided.get(pkg.name);
  if (carried) return (await carried()) as T;
  for (const base of [dirname(fileURLToPath(pkg.callerUrl)), ...(pkg.from ?? [])]) {
    const entry = resolveFrom(base, pkg.name);
    if (entry) return (await import(pathToFileURL(entry).href)) as T;
  }
  throw quiverError(
    ERROR_CODES.DEPENDENCY_MISSING,
    `${pkg.neededFor} needs the package ${pkg.name}, which is not installed (the default install leaves it out). ` +
      `Add it: 'quiver plugin add ${pkg.name}' in the project, or 'npm i -g ${pkg.name}' beside a global @quiver/cli (or install @quiver/all, every first-party tool).`,
    { key: pkg.name },
  );
}
