import { entryIndex, INDEX_SPAN, keyRanks, packEntry } from './keyed-order.js';
import { compareSegmentKeys, segmentSortKey } from './segment-sort-key.js';

/** The hint appended when a listing was cut at the limit (SPEC Part B §8). */
export const TRUNCATION_HINT = '(File list truncated. Use list_files on specific subdirectories if you need to explore further.)';

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
 * segment has a key (printable ASCII under an English locale), the paths go into a tree by
 * segment key and are read out depth first, each folder's keys sorted once: no comparison of
 * whole paths and no per-path sort string (on 90,000 paths that was most of the listing's
 * allocation). Otherwise the paths are sorted with the segment comparator.
 * @param paths POSIX paths relative to the listed directory, directories ending in `/`
 */
export function sortListedPaths(paths: readonly string[]): string[] {
  const keys = new Map<string, string | undefined>();
  const keyOf = (segment: string) => {
    let key = keys.get(segment);
    if (key === undefined && !keys.has(segment)) {
      key = segmentSortKey(segment);
      keys.set(segment, key);
    }
    return key;
  };
  const tree = keyTree(paths, keyOf);
  const sorted = tree && readTree(tree, paths, keys);
  if (sorted) return sorted;
  const keyed = paths.map((p) => keyedPath(p, keyOf));
  keyed.sort(compareKeyed);
  return keyed.map((k) => k.p);
}

/**
 * One folder level of {@link keyTree}: the paths whose last segment has a given key (by input
 * index), and the folders on the way, by key. Reading it depth first (ending paths first, then
 * folders, each in key order; equal keys in input order) gives the order of the paths' flat
 * keys: per segment a flag (ends here < goes on) and the segment's key.
 */
interface KeyNode {
  ends: Map<string, number[]>;
  goes: Map<string, KeyNode>;
}

function keyTree(paths: readonly string[], keyOf: (segment: string) => string | undefined): KeyNode | undefined {
  const root: KeyNode = { ends: new Map(), goes: new Map() };
  // Each folder's node is found once, by its path: a listed path then costs one split at its
  // last `/` and two map lookups, not a slice and a lookup per segment.
  const folders = new Map<string, KeyNode | undefined>([['', root]]);
  const folderNode = (dir: string): KeyNode | undefined => {
    let node = folders.get(dir);
    if (node !== undefined || folders.has(dir)) return node;
    const slash = dir.lastIndexOf('/');
    const parent = folderNode(slash === -1 ? '' : dir.slice(0, slash));
    const key = parent && keyOf(slash === -1 ? dir : dir.slice(slash + 1));
    if (parent && key !== undefined) {
      node = parent.goes.get(key);
      if (!node) {
        node = { ends: new Map(), goes: new Map() };
        parent.goes.set(key, node);
      }
    }
    folders.set(dir, node);
    return node;
  };
  // A walk lists a folder's entries together: the folder of the last path is usually this one's.
  let lastDir = '';
  let lastNode: KeyNode | undefined = root;
  for (let i = 0; i < paths.length; i++) {
    const p = paths[i];
    const slash = p.lastIndexOf('/');
    let node: KeyNode | undefined = root;
    if (slash !== -1) {
      if (slash !== lastDir.length || !p.startsWith(lastDir)) {
        lastDir = p.slice(0, slash);
        lastNode = folderNode(lastDir);
      }
      node = lastNode;
    }
    const key = keyOf(slash === -1 ? p : p.slice(slash + 1));
    if (node === undefined || key === undefined) return undefined;
    const same = node.ends.get(key);
    if (same) same.push(i);
    else node.ends.set(key, [i]);
  }
  return root;
}

/** The tree read out depth first in the keyed order (keyed-order.ts); undefined when too big to pack. */
function readTree(root: KeyNode, paths: readonly string[], keys: ReadonlyMap<string, string | undefined>): string[] | undefined {
  const known = new Map<string, string>();
  for (const key of keys.values()) if (key !== undefined) known.set(key, key);
  const ranks = keyRanks(known);
  if (!ranks) return undefined;
  const out: string[] = [];
  const visit = (node: KeyNode): boolean => {
    const ends = [...node.ends.keys()];
    const goes = [...node.goes.keys()];
    if (ends.length + goes.length >= INDEX_SPAN) return false;
    const order = new Float64Array(ends.length + goes.length);
    for (let i = 0; i < ends.length; i++) order[i] = packEntry(false, ranks.get(ends[i])!, i);
    for (let j = 0; j < goes.length; j++) order[ends.length + j] = packEntry(true, ranks.get(goes[j])!, ends.length + j);
    order.sort();
    for (const packed of order) {
      const i = entryIndex(packed);
      if (i < ends.length) for (const p of node.ends.get(ends[i])!) out.push(paths[p]);
      else if (!visit(node.goes.get(goes[i - ends.length])!)) return false;
    }
    return true;
  };
  return visit(root) ? out : undefined;
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
  return listingText(paths.length === 0 ? paths : sortListedPaths(paths), didHitLimit);
}

/** {@link formatFilesList} of paths already in listing order. */
export function listingText(sorted: readonly string[], didHitLimit: boolean): string {
  if (sorted.length === 0) return didHitLimit ? `${NO_FILES}\n\n${TRUNCATION_HINT}` : NO_FILES;
  const text = sorted.join('\n');
  return didHitLimit ? `${text}\n\n${TRUNCATION_HINT}` : text;
}
