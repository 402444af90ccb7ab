/**
 * Directory names a recursive listing never enters (SPEC Part B §8): dependency, build-output
 * and cache folders that would flood the list. `target/dependency` and `build/dependencies`
 * count only under a parent of that name.
 */
export const DEFAULT_IGNORED_DIRS: ReadonlySet<string> = new Set([
  'node_modules',
  '__pycache__',
  'env',
  'venv',
  'dist',
  'out',
  'bundle',
  'vendor',
  'tmp',
  'temp',
  'deps',
  'Pods',
]);

/** Two-segment defaults: child name → the parent name it must sit under. */
const NESTED: Readonly<Record<string, string>> = { dependency: 'target', dependencies: 'build' };

/**
 * True when a recursive listing skips this directory by default.
 * @param name the directory's basename
 * @param parentName the basename of the directory that holds it
 */
export function isDefaultIgnoredDir(name: string, parentName: string): boolean {
  if (DEFAULT_IGNORED_DIRS.has(name)) return true;
  const parent = NESTED[name];
  return parent !== undefined && parent === parentName;
}
