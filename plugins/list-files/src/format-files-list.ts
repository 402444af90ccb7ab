import { compareSegmentKeys, segmentSortKey } from './segment-sort-key.js';

/** The hint appended when a listing was cut at the limit (SPEC Part B §8). */
export const TRUNCATION_HINT =
  '(File list truncated. Use list_files on specific subdirectories if you need to explore further.)';

/** What an empty listing says. */
export const NO_FILES = 'No files found.';

/**
 * Order two listed paths as the baseline does: segment by segment; at the first differing
 * segment the path that ends there comes first (so files precede subdirectories at each
 * level), otherwise a numeric, case-insensitive locale comparison; a prefix comes first.
 * @example
 * ['src/', 'b.txt', 'a/'].sort(compareListedPaths); // ['b.txt', 'a/', 'src/']
 */
export function compareListedPaths(a: string, b: string): number {
  return compareKeyed(keyedPath(a, segmentSortKey), keyedPath(b, segmentSortKey));
}

interface KeyedPath {
  p: string;
  parts: string[];
  keys: (string | undefined)[];
}

/**
 * Sort paths for display in {@link compareListedPaths} order, with each path split and each
 * segment's sort key computed once (see `segmentSortKey`), not once per comparison. When every
 * segment has a key (printable ASCII under an English locale), each path becomes one string
 * whose plain order is the listing order, and the engine's own string sort does the work;
 * otherwise the paths are sorted with the segment comparator.
 * @param paths POSIX paths relative to the listed directory, directories ending in `/`
 */
export function sortListedPaths(paths: readonly string[]): string[] {
  const keys = new Map<string, string | undefined>();
  const keyOf = (segment: string) => {
    if (keys.has(segment)) return keys.get(segment);
    const key = segmentSortKey(segment);
    keys.set(segment, key);
    return key;
  };
  const keyed = paths.map((p) => keyedPath(p, keyOf));
  const flat = flatSortKeys(keyed);
  if (flat) return flat.sort().map((k) => paths[Number(k.slice(k.lastIndexOf('\u0000') + 1))]);
  keyed.sort(compareKeyed);
  return keyed.map((k) => k.p);
}

/**
 * One string per path: per segment, a flag (`\u0001` for the last segment, `\u0002` for a
 * folder on the way, so a path that ends at a segment sorts before one that goes on) and the
 * segment's key; then `\u0000` and the path's index, so equal keys keep their input order.
 * Undefined when some segment has no key.
 */
function flatSortKeys(keyed: readonly KeyedPath[]): string[] | undefined {
  const out: string[] = new Array(keyed.length);
  for (let i = 0; i < keyed.length; i++) {
    const { keys } = keyed[i];
    let key = '';
    for (let j = 0; j < keys.length; j++) {
      const k = keys[j];
      if (k === undefined) return undefined;
      key += (j === keys.length - 1 ? '\u0001' : '\u0002') + k;
    }
    out[i] = `${key}\u0000${String(i).padStart(10, '0')}`;
  }
  return out;
}

function keyedPath(p: string, keyOf: (segment: string) => string | undefined): KeyedPath {
  const parts = p.split('/');
  return { p, parts, keys: parts.map(keyOf) };
}

function compareKeyed(x: KeyedPath, y: KeyedPath): number {
  const a = x.parts;
  const b = y.parts;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) continue;
    const aEnds = a.length === i + 1;
    const bEnds = b.length === i + 1;
    if (aEnds && !bEnds) return -1;
    if (bEnds && !aEnds) return 1;
    return compareSegmentKeys(a[i], x.keys[i], b[i], y.keys[i]);
  }
  return a.length - b.length;
}

/**
 * The list_files result text: sorted paths one per line, the truncation hint when the limit
 * was hit, or `No files found.` for an empty listing.
 * @example
 * formatFilesList(['src/', 'README.md'], false); // 'README.md\nsrc/'
 */
export function formatFilesList(paths: readonly string[], didHitLimit: boolean): string {
  if (paths.length === 0) return didHitLimit ? `${NO_FILES}\n\n${TRUNCATION_HINT}` : NO_FILES;
  const text = sortListedPaths(paths).join('\n');
  return didHitLimit ? `${text}\n\n${TRUNCATION_HINT}` : text;
}
