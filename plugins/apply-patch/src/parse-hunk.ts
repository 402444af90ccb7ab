import type { Chunk } from './patch-types.js';

/** A hunk body turned into what the file must contain (`old`) and the changes in it. */
export interface HunkBody {
  /** Context and deleted lines, in order: what the file must contain here. */
  old: string[];
  /** Changes, with `origIndex` relative to `old`. */
  chunks: Chunk[];
}

/**
 * Read a hunk's body lines: `+` adds, `-` deletes, anything else is context — a leading
 * space is removed, and a blank line is an empty context line (SPEC Part A: blank lines are
 * context, never the end of the patch or an infinite loop).
 */
export function parseHunkBody(raw: readonly string[]): HunkBody {
  const old: string[] = [];
  const chunks: Chunk[] = [];
  let del: string[] = [];
  let ins: string[] = [];
  const flush = () => {
    if (del.length || ins.length) chunks.push({ origIndex: old.length - del.length, delLines: del, insLines: ins });
    del = [];
    ins = [];
  };
  for (const line of raw) {
    if (line.startsWith('+')) ins.push(line.slice(1));
    else if (line.startsWith('-')) {
      // A deletion after insertions starts a new change only if context separated them; here it joins.
      del.push(line.slice(1));
      old.push(line.slice(1));
    } else {
      flush();
      old.push(line.startsWith(' ') ? line.slice(1) : line);
    }
  }
  flush();
  return { old, chunks };
}

/**
 * The same body without blank (`""`) lines at its edges. Models often leave an empty line
 * after `*** Update File:` or before the next marker; when the context does not match with
 * them, it is tried without them.
 */
export function withoutBlankEdges(raw: readonly string[]): string[] | undefined {
  let start = 0;
  let end = raw.length;
  while (start < end && raw[start] === '') start++;
  while (end > start && raw[end - 1] === '') end--;
  return start === 0 && end === raw.length ? undefined : raw.slice(start, end);
}
