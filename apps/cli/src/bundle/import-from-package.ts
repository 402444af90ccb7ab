import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where `pkg` resolves from the CLI (its own file, ES module conditions): the base from which
 * the package's own dependencies resolve.
 */
function packageBase(pkg: string): string {
  return fileURLToPath(import.meta.resolve(pkg));
}

/**
 * Import `specifier` as the package `pkg` would: resolved from that package's own folder. The
 * CLI's bundle rewrites the dynamic imports of a bundled plugin's large optional dependencies
 * (PDF, Word and Excel readers) into calls of this, so they stay in the plugin's package,
 * loaded only when used, instead of being copied into the bundle.
 * @example
 * const mammoth = await importFromPackage('@quiver/tool-read-file', 'mammoth');
 */
export async function importFromPackage(pkg: string, specifier: string): Promise<unknown> {
  return import(pathToFileURL(createRequire(packageBase(pkg)).resolve(specifier)).href);
}

/**
 * `require(specifier)` as the package `pkg` would. A bundled package's
 * `createRequire(import.meta.url)('x')` (mvdan-sh in @quiver/shell, 1.5 MB that only a shell
 * command's screening needs) is rewritten into this: copied into the bundle it would be parsed
 * on every start.
 */
export function requireFromPackage(pkg: string, specifier: string): unknown {
  return createRequire(packageBase(pkg))(specifier);
}
