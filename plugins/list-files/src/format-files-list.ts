/** The hint appended when a listing was cut at the limit (SPEC Part B §8). */
export const TRUNCATION_HINT =
  '(File list truncated. Use list_files on specific subdirectories if you need to explore further.)';

/** What an empty listing says. */
export const NO_FILES = 'No files found.';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Order two listed paths as the baseline does: segment by segment; at the first differing
 * segment the path that ends there comes first (so files precede subdirectories at each
 * level), otherwise a numeric, case-insensitive locale comparison; a prefix comes first.
 * @example
 * ['src/', 'b.txt', 'a/'].sort(compareListedPaths); // ['b.txt', 'a/', 'src/']
 */
export function compareListedPaths(a: string, b: string): number {
  return compareSegments(a.split('/'), b.split('/'));
}

function compareSegments(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) continue;
    const aEnds = a.length === i + 1;
    const bEnds = b.length === i + 1;
    if (aEnds && !bEnds) return -1;
    if (bEnds && !aEnds) return 1;
    return collator.compare(a[i], b[i]);
  }
  return a.length - b.length;
}

/**
 * Sort paths for display: each is split once, not once per comparison.
 * @param paths POSIX paths relative to the listed directory, directories ending in `/`
 */
export function sortListedPaths(paths: readonly string[]): string[] {
  const keyed = paths.map((p) => ({ p, parts: p.split('/') }));
  keyed.sort((x, y) => compareSegments(x.parts, y.parts));
  return keyed.map((k) => k.p);
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
