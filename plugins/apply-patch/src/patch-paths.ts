import { MARKERS } from './patch-types.js';

/** A path a patch touches, and how. */
export interface PatchPath {
  path: string;
  kind: 'update' | 'delete' | 'add' | 'move';
}

/**
 * Every path a preprocessed patch names, in order, before it is parsed: each must pass the
 * workspace and ignore checks, and the updated and deleted files must be read, before the
 * hunks can be placed.
 */
export function patchPaths(lines: readonly string[]): PatchPath[] {
  const out: PatchPath[] = [];
  const kinds: [string, PatchPath['kind']][] = [
    [MARKERS.update, 'update'],
    [MARKERS.delete, 'delete'],
    [MARKERS.add, 'add'],
    [MARKERS.move, 'move'],
  ];
  for (const raw of lines) {
    // Indented headers count, exactly as the parser reads them: every path it acts on is checked.
    const line = raw.trimStart();
    for (const [marker, kind] of kinds) {
      if (line.startsWith(marker)) out.push({ path: line.slice(marker.length).trim(), kind });
    }
  }
  return out;
}
