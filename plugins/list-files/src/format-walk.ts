/**
 * The listing text of a whole walk, sorted folder by folder instead of path by path: the
 * walk already groups each folder's entries, so ordering them is one small sort per folder
 * and the text is written in one depth-first pass, with no split, lookup or sort of whole
 * paths (on the 88,000 entries of the bench tree the global sort was a quarter of the call).
 */
import { formatFilesList, listingText } from './format-files-list.js';
import { walkPaths, type Walk } from './list-files.js';
import { segmentSortKey } from './segment-sort-key.js';

/** One folder of a finished walk: its entries, and the folders below it that were read. */
interface WalkedFolder {
  /** Its path relative to the listed directory: `''` or `'a/b/'`. */
  readonly out: string;
  /** Index of its entry among its parent's names. */
  readonly entry: number;
  readonly result?: { readonly names: readonly string[]; readonly subdirs: readonly WalkedFolder[] };
}

/**
 * `formatFilesList(walkPaths(w), w.didHitLimit)`, the same text byte for byte, computed per
 * folder when the walk was not cut. The order is `sortListedPaths`'s keyed tree read depth
 * first: in each folder its files by segment key, then its folders by key, each folder's entry
 * followed by its contents; equal keys keep the walk's order. Where that tree would not
 * follow the folders (a segment without a key, or two sibling folders with equal keys, which
 * the tree merges into one node), the paths go through `sortListedPaths` as before.
 * @example
 * const { walk } = await listFilesCounted(dir, { recursive: true }, count);
 * const text = walk ? formatWalk(walk) : formatFilesList([], false);
 */
export function formatWalk(w: Walk): string {
  if (w.didHitLimit) return formatFilesList(walkPaths(w), true);
  const lines: string[] = [];
  if (!emitFolder(w.start, lines, keyCache())) return formatFilesList(walkPaths(w), false);
  return listingText(lines, false);
}

/** A segment's sort key, computed once per distinct name (a folder's name keeps its `/`). */
function keyCache(): (name: string) => string | undefined {
  const keys = new Map<string, string | undefined>();
  return (name) => {
    let key = keys.get(name);
    if (key === undefined && !keys.has(name)) {
      key = segmentSortKey(name.charCodeAt(name.length - 1) === 47 ? name.slice(0, -1) : name);
      keys.set(name, key);
    }
    return key;
  };
}

/**
 * Append the folder's entries and, depth first, its subfolders' to `lines` (each item one or
 * more lines joined by `\n`); false where the tree order needs the global sort.
 */
function emitFolder(folder: WalkedFolder, lines: string[], keyOf: (name: string) => string | undefined): boolean {
  const r = folder.result;
  if (!r) return true;
  const { names, subdirs } = r;
  const keys: string[] = new Array(names.length);
  const files: number[] = [];
  const dirs: number[] = [];
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const key = keyOf(name);
    if (key === undefined) return false;
    keys[i] = key;
    if (name.charCodeAt(name.length - 1) === 47) dirs.push(i);
    else files.push(i);
  }
  // Key order, ties in walk order (the index): the keyed tree's order within one node.
  const byKey = (a: number, b: number) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b);
  files.sort(byKey);
  dirs.sort(byKey);
  for (let i = 1; i < dirs.length; i++) if (keys[dirs[i]] === keys[dirs[i - 1]]) return false;
  const prefix = folder.out;
  if (files.length > 0) {
    // One flat chunk per folder's files: joining 88,000 `prefix + name` strings one by one
    // flattened each of them first.
    const sorted: string[] = new Array(files.length);
    for (let i = 0; i < files.length; i++) sorted[i] = names[files[i]];
    lines.push(prefix + sorted.join(`\n${prefix}`));
  }
  if (dirs.length === 0) return true;
  const below: (WalkedFolder | undefined)[] = new Array(names.length);
  for (const s of subdirs) below[s.entry] = s;
  for (let i = 0; i < dirs.length; i++) {
    const sub = below[dirs[i]];
    if (sub === undefined) {
      lines.push(prefix + names[dirs[i]]);
      continue;
    }
    lines.push(sub.out);
    if (!emitFolder(sub, lines, keyOf)) return false;
  }
  return true;
}
