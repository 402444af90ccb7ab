/**
 * The listing text of a whole walk, sorted folder by folder instead of path by path: the
 * walk already groups each folder's entries, so ordering them is one small sort per folder
 * and the text is written in one depth-first pass, with no split, lookup or sort of whole
 * paths (on the 88,000 entries of the bench tree the global sort was a quarter of the call).
 */
import { formatFilesList, listingText } from './format-files-list.js';
import { walkPaths, type Walk } from './list-files.js';
import { entryIndex, INDEX_SPAN, keyRanks, packEntry, sameKey } from './keyed-order.js';
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
  const ranks = nameRanks(w);
  const chunks: string[] = [];
  if (!ranks || !emitFolder(w.start, chunks, ranks)) return formatFilesList(walkPaths(w), false);
  return listingText(chunks, false);
}

/**
 * Each distinct name's rank in segment-key order (equal keys, equal rank), from one sort of
 * the distinct names: names repeat across folders (`index.ts`, `package.json`), so each
 * folder's sort then compares numbers. Undefined when a name has no key or the walk is too
 * big for the packed sort.
 */
function nameRanks(w: Walk): Map<string, number> | undefined {
  const keys = new Map<string, string>();
  for (const t of w.read) {
    const names = t.result!.names;
    if (names.length >= INDEX_SPAN) return undefined;
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      if (keys.has(name)) continue;
      const key = segmentSortKey(name.charCodeAt(name.length - 1) === 47 ? name.slice(0, -1) : name);
      if (key === undefined) return undefined;
      keys.set(name, key);
    }
  }
  return keyRanks(keys);
}

/**
 * Append the folder's entries and, depth first, its subfolders' to `chunks` (each one or more
 * lines joined by `\n`); false where the tree order needs the global sort.
 */
function emitFolder(folder: WalkedFolder, chunks: string[], ranks: Map<string, number>): boolean {
  const r = folder.result;
  if (!r) return true;
  const { names, subdirs } = r;
  const n = names.length;
  // One number per entry (keyed-order.ts): a numeric sort of them gives files then folders,
  // each in key order, ties in walk order (the index).
  const order = new Float64Array(n);
  let files = 0;
  for (let i = 0; i < n; i++) {
    const name = names[i];
    const isFolder = name.charCodeAt(name.length - 1) === 47;
    order[i] = packEntry(isFolder, ranks.get(name)!, i);
    if (!isFolder) files++;
  }
  order.sort();
  const prefix = folder.out;
  if (files > 0) {
    // One flat chunk per folder's files: joining 88,000 `prefix + name` strings one by one
    // flattened each of them first.
    const sorted: string[] = new Array(files);
    for (let j = 0; j < files; j++) sorted[j] = names[entryIndex(order[j])];
    chunks.push(prefix + sorted.join(`\n${prefix}`));
  }
  if (files === n) return true;
  const below: (WalkedFolder | undefined)[] = new Array(n);
  for (const s of subdirs) below[s.entry] = s;
  for (let j = files; j < n; j++) {
    // Two sibling folders with equal keys share one node of the keyed tree: leave it to the path sort.
    if (j > files && sameKey(order[j], order[j - 1])) return false;
    const i = entryIndex(order[j]);
    const sub = below[i];
    if (sub === undefined) {
      chunks.push(prefix + names[i]);
      continue;
    }
    chunks.push(sub.out);
    if (!emitFolder(sub, chunks, ranks)) return false;
  }
  return true;
}
