/**
 * The per-folder summary under a truncated listing (issue 18): each folder the listing shows
 * but does not show in full, with how many files it holds, so the model's next list_files
 * call can be aimed at one folder instead of walking the tree 200 entries at a time.
 */
import { sortListedPaths } from './format-files-list.js';
import type { ListingCounts } from './list-files.js';

/** Folders named in the summary at most; the rest are counted in one closing line. */
export const SUMMARY_MAX_FOLDERS = 40;

/**
 * The summary text, or `''` when every folder shown is complete.
 * @param shown the paths the listing shows (relative, POSIX, folders ending in `/`)
 * @param counts what the listing's walk counted: each folder it read, and the folders it left
 *   unread (a count that includes an unread folder is a lower bound, `+`)
 * @param recursive a flat listing counts the listed folder's entries, not files below it
 * @example
 * folderSummary(['a/', 'a/x.ts'], { folders: new Map([['', { entries: 1, files: 0 }], ['a/', { entries: 2, files: 2 }]]), unread: [] }, true);
 * // 'Folders not fully shown (2 files in all), with the files below each:\na/ 2 files'
 */
export function folderSummary(shown: readonly string[], counts: ListingCounts, recursive: boolean): string {
  if (!recursive) return `Folders not fully shown, with their counts:\n./ ${counts.folders.get('')?.entries ?? shown.length} entries`;
  const visible = new Set(shown);
  const isVisible = (folder: string) => folder === '' || visible.has(folder);
  const shownIn = new Map<string, number>();
  for (const path of shown) {
    const parent = parentOf(path);
    shownIn.set(parent, (shownIn.get(parent) ?? 0) + 1);
  }
  // A folder with entries not shown is charged to the nearest folder the model can see.
  const partial = new Set<string>();
  for (const [folder, tally] of counts.folders) {
    if (tally.entries > (shownIn.get(folder) ?? 0)) partial.add(nearest(folder, isVisible));
  }
  // Unread folders share parents (a whole level is left at once): work per parent, not per folder.
  const lowerBound = new Set<string>();
  const unreadParents = new Set<string>();
  const hiddenParents = new Set<string>();
  for (const folder of counts.unread) {
    const parent = parentOf(folder);
    unreadParents.add(parent);
    if (visible.has(folder)) {
      partial.add(folder);
      lowerBound.add(folder);
    } else hiddenParents.add(parent);
  }
  for (const parent of hiddenParents) partial.add(nearest(parent, isVisible));
  if (partial.size === 0) return '';
  for (const parent of unreadParents) for (const a of selfAndAncestors(parent)) lowerBound.add(a);
  const files = new Map<string, number>();
  let total = 0;
  for (const [folder, tally] of counts.folders) {
    total += tally.files;
    for (const a of selfAndAncestors(folder)) if (partial.has(a)) files.set(a, (files.get(a) ?? 0) + tally.files);
  }
  const named = [...(partial.has('') ? [''] : []), ...sortListedPaths([...partial].filter((f) => f !== ''))];
  const line = (f: string) => `${f || './'} ${countOf(files.get(f) ?? 0, lowerBound.has(f))}`;
  const lines = named.slice(0, SUMMARY_MAX_FOLDERS).map(line);
  if (named.length > SUMMARY_MAX_FOLDERS) lines.push(`(and ${named.length - SUMMARY_MAX_FOLDERS} more folders)`);
  return `Folders not fully shown (${countOf(total, lowerBound.has(''))} in all), with the files below each:\n${lines.join('\n')}`;
}

function countOf(n: number, lowerBound: boolean): string {
  if (lowerBound && n === 0) return '(not counted)';
  return `${n}${lowerBound ? '+' : ''} file${n === 1 && !lowerBound ? '' : 's'}`;
}

/** `a/b/c.ts` and `a/b/c/` → `a/b/`; `x` → `''`. */
function parentOf(path: string): string {
  const cut = path.lastIndexOf('/', path.length - 2);
  return cut < 0 ? '' : path.slice(0, cut + 1);
}

/** The folder itself if `isVisible`, else its nearest visible ancestor (`''`, the listed folder, at worst). */
function nearest(folder: string, isVisible: (f: string) => boolean): string {
  let f = folder;
  while (!isVisible(f)) f = parentOf(f);
  return f;
}

/** `a/b/` → `a/b/`, `a/`, `''`; `''` → `''`. */
function selfAndAncestors(folder: string): string[] {
  const out = [folder];
  for (let f = folder; f !== ''; ) {
    f = parentOf(f);
    out.push(f);
  }
  return out;
}
