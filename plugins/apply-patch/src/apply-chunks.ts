import type { Chunk } from './patch-types.js';
import { patchError } from './patch-error.js';

/**
 * Apply an updated file's chunks, in order, to its lines (SPEC Part B §15.3 "Apply").
 * Chunks come from the parser already in file order; an index out of range or going
 * backwards is a bug in the patch and an error, never a guess.
 */
export function applyChunks(lines: string[], chunks: Chunk[], path: string): string[] {
  const out: string[] = [];
  let at = 0;
  for (const chunk of chunks) {
    if (chunk.origIndex > lines.length)
      throw patchError(`${path}: chunk.origIndex ${chunk.origIndex} > lines.length ${lines.length}`, path);
    if (at > chunk.origIndex) throw patchError(`${path}: currentIndex ${at} > chunk.origIndex ${chunk.origIndex}`, path);
    out.push(...lines.slice(at, chunk.origIndex), ...chunk.insLines);
    at = chunk.origIndex + chunk.delLines.length;
  }
  out.push(...lines.slice(at));
  return out;
}
