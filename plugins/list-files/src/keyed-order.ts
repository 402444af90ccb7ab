/**
 * The listing's keyed order in one place, for both of its sorts (format-files-list.ts sorts
 * paths through a tree of keys, format-walk.ts sorts a walk folder by folder): within a
 * folder, what ends there (a file, or a folder's own `x/` entry) comes before the folders that
 * go on, each by segment key (segment-sort-key.ts), equal keys in input order. An entry is
 * packed into one number, so a plain numeric sort of a folder gives that order with no
 * comparator: the goes-on flag, then the key's rank, then the entry's index.
 */

/** Entries per folder at most (the index takes the low 21 bits). */
export const INDEX_SPAN = 2 ** 21;
/** Ranks at most (rank × INDEX_SPAN + index, plus the flag, stays an exact double). */
const RANK_LIMIT = 2 ** 30;
/** Added to an entry that goes on (a folder to descend into): after those that end here. */
const GOES_ON = 2 ** 51;

/**
 * Each item's rank in key order (equal keys, equal rank), from one native sort of the distinct
 * keys; undefined when there are too many to pack.
 * @param keys - item → its segment key (items repeat across folders: `index.ts`, `src`).
 */
export function keyRanks<T>(keys: ReadonlyMap<T, string>): Map<T, number> | undefined {
  const distinct = [...new Set(keys.values())];
  if (distinct.length >= RANK_LIMIT) return undefined;
  distinct.sort();
  const rankOf = new Map<string, number>();
  for (let i = 0; i < distinct.length; i++) rankOf.set(distinct[i], i);
  const ranks = new Map<T, number>();
  for (const [item, key] of keys) ranks.set(item, rankOf.get(key)!);
  return ranks;
}

/** One entry of a folder as its sort number (index below INDEX_SPAN). */
export function packEntry(goesOn: boolean, rank: number, index: number): number {
  return (goesOn ? GOES_ON : 0) + rank * INDEX_SPAN + index;
}

/** The index of a packed entry. */
export function entryIndex(packed: number): number {
  return packed % INDEX_SPAN;
}

/** Whether a packed entry goes on (a folder to descend into). */
export function goesOn(packed: number): boolean {
  return packed >= GOES_ON;
}

/** Whether two packed entries have equal keys (and the same flag). */
export function sameKey(a: number, b: number): boolean {
  return Math.floor(a / INDEX_SPAN) === Math.floor(b / INDEX_SPAN);
}
