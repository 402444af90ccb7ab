/**
 * The per-folder summary under a truncated listing (issue 18): each folder the listing shows
 * but does not show in full, with how many files it holds, so the model's next list_files
 * call can be aimed at one folder instead of walking the tree 200 entries at a time.
 */
import { sortListedPaths } from './format-files-list.js';

/** Folders named in the summary at most; the rest are counted in one closing line. */
export const SUMMARY_MAX_FOLDERS = 40;

/**
 * The summary text, or `''` when every folder shown is complete.
 * @param shown the paths the listing shows (relative, POSIX, folders ending in `/`)
 * @param all the fuller walk the counts come from (the shown paths first, as the walk found them)
 * @param complete false when the fuller walk was cut too (counts are then lower bounds, `+`)
 * @param recursive a flat listing counts the listed folder's entries, not files below it
 * @example
 * folderSummary(['a/'], ['a/', 'a/x.ts', 'a/y.ts'], true, true); // 'Folders not fully shown ...\na/ 2 files'
 */
export function folderSummary(shown: readonly string[], all: readonly string[], complete: boolean, recursive: boolean): string {
  const plus = complete ? '' : '+';
  if (!recursive) return `Folders not fully shown, with their counts:\n./ ${all.length}${plus} entries`;
  const visible = new Set(shown);
  const files = new Map<string, number>();
  const partial = new Set<string>();
  let total = 0;
  for (const path of all) {
    const folders = ancestors(path);
    if (!path.endsWith('/')) {
      total++;
      for (const folder of folders) files.set(folder, (files.get(folder) ?? 0) + 1);
    }
    // A hidden entry is charged to the nearest folder the model can see (the listed one at worst).
    if (!visible.has(path)) partial.add(folders.findLast((f) => visible.has(f)) ?? './');
  }
  const named = [...(partial.has('./') ? ['./'] : []), ...sortListedPaths([...partial].filter((f) => f !== './'))];
  if (named.length === 0) return '';
  const lines = named.slice(0, SUMMARY_MAX_FOLDERS).map((f) => `${f} ${countOf(files.get(f) ?? 0, plus)}`);
  if (named.length > SUMMARY_MAX_FOLDERS) lines.push(`(and ${named.length - SUMMARY_MAX_FOLDERS} more folders)`);
  return `Folders not fully shown (${countOf(total, plus)} in all), with the files below each:\n${lines.join('\n')}`;
}

function countOf(n: number, plus: string): string {
  return `${n}${plus} file${n === 1 && !plus ? '' : 's'}`;
}

/** `a/b/c.ts` → `./`, `a/`, `a/b/`; `a/b/` → `./`, `a/` (outermost first). */
function ancestors(path: string): string[] {
  const parts = path.split('/');
  const count = path.endsWith('/') ? parts.length - 2 : parts.length - 1;
  const out = ['./'];
  let prefix = '';
  for (let i = 0; i < count; i++) {
    prefix += `${parts[i]}/`;
    out.push(prefix);
  }
  return out;
}
