import { structuredPatch } from 'diff';
import { escapeTerminal } from '@quiver/core/host';
import type { Colors } from './colors.js';

/** Lines of a diff shown at most before the rest is summarised. */
export const DIFF_MAX_LINES = 80;

/** Added and removed line counts of a change. */
export interface DiffCounts {
  added: number;
  removed: number;
}

/** `+3 -1`, coloured. */
export function countsText(counts: DiffCounts, c: Colors): string {
  return `${c.green(`+${counts.added}`)} ${c.red(`-${counts.removed}`)}`;
}

/** The added and removed lines between two versions of a file. */
export function diffCounts(before: string, after: string): DiffCounts {
  const patch = structuredPatch('a', 'b', before, after, undefined, undefined, { context: 0 });
  return countLines(patch.hunks.flatMap((h) => h.lines));
}

/**
 * A coloured unified diff of a proposed edit, for the approval prompt: `@@` hunk headers,
 * 3 lines of context, at most `maxLines` lines, then how many more lines were left out; a
 * header line with the path and the counts. Text from the model is escaped (C4).
 * @example
 * formatDiff('src/a.ts', 'a\n', 'b\n', colors); // 'src/a.ts  +1 -1\n@@ -1 +1 @@\n-a\n+b'
 */
export function formatDiff(path: string, before: string, after: string, c: Colors, maxLines = DIFF_MAX_LINES): string {
  const patch = structuredPatch(path, path, before, after, undefined, undefined, { context: 3 });
  const lines = patch.hunks.flatMap((h) => [`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`, ...h.lines]);
  const counts = countLines(lines.filter((l) => !l.startsWith('@@')));
  const title = `${c.bold(escapeTerminal(path, { multiline: false }))}  ${before === '' ? c.dim('(new file) ') : ''}${countsText(counts, c)}`;
  if (lines.length === 0) return `${title}\n${c.dim('(no change)')}`;
  const shown = lines.slice(0, maxLines).map((l) => colorLine(escapeTerminal(l), c));
  const rest = lines.length - shown.length;
  if (rest > 0) shown.push(c.dim(`… ${rest} more diff line${rest === 1 ? '' : 's'} not shown`));
  return `${title}\n${shown.join('\n')}`;
}

/**
 * A patch the model wrote (apply_patch's `*** Begin Patch` format), coloured the same way:
 * file headers bold, `+` green, `-` red; cut at `maxLines`.
 */
export function formatPatch(patch: string, c: Colors, maxLines = DIFF_MAX_LINES): string {
  const lines = patch.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  const counts = patchCounts(patch);
  const shown = lines.slice(0, maxLines).map((l) => {
    const text = escapeTerminal(l);
    return l.startsWith('***') ? c.bold(text) : colorLine(text, c);
  });
  const rest = lines.length - shown.length;
  if (rest > 0) shown.push(c.dim(`… ${rest} more patch line${rest === 1 ? '' : 's'} not shown`));
  return `${c.bold('patch')}  ${countsText(counts, c)}\n${shown.join('\n')}`;
}

/** Added and removed lines of an apply_patch patch (`+`/`-` lines outside the `***` headers). */
export function patchCounts(patch: string): DiffCounts {
  return countLines(
    patch
      .replace(/\r\n/g, '\n')
      .split('\n')
      .filter((l) => !l.startsWith('***')),
  );
}

function colorLine(line: string, c: Colors): string {
  if (line.startsWith('@@')) return c.cyan(line);
  if (line.startsWith('+')) return c.green(line);
  if (line.startsWith('-')) return c.red(line);
  return line;
}

function countLines(lines: readonly string[]): DiffCounts {
  let added = 0;
  let removed = 0;
  for (const l of lines) {
    if (l.startsWith('+')) added++;
    else if (l.startsWith('-')) removed++;
  }
  return { added, removed };
}
