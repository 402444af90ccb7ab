/**
 * True when `child` is `parent` or below it, comparing path components, never string
 * prefixes (SPEC P4): `/root2` is not inside `/root`. Both must be absolute and normalised
 * (no trailing slash except for `/` itself, no `.` or `..`).
 *
 * @param child - Absolute, normalised path to test.
 * @param parent - Absolute, normalised directory.
 * @example
 * isPathInside('/w/src/a.ts', '/w'); // true
 * isPathInside('/w2/a.ts', '/w');    // false
 */
export function isPathInside(child: string, parent: string): boolean {
  if (parent === '/') return child.startsWith('/');
  return child === parent || (child.startsWith(parent) && child.charCodeAt(parent.length) === 47);
}

/**
 * The POSIX path of `child` relative to `parent` (`.` for the parent itself), or
 * `undefined` when `child` is not inside `parent` (see {@link isPathInside}).
 *
 * @param child - Absolute, normalised path.
 * @param parent - Absolute, normalised directory.
 * @example
 * relativeInside('/w/src/a.ts', '/w'); // 'src/a.ts'
 */
export function relativeInside(child: string, parent: string): string | undefined {
  if (!isPathInside(child, parent)) return undefined;
  if (child === parent) return '.';
  return parent === '/' ? child.slice(1) : child.slice(parent.length + 1);
}
