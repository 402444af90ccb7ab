import { readFile } from 'node:fs/promises';
import type { ResolvedPath } from '@quiver/core';
import { openConfined } from '@quiver/workspace';

/** A file's current text, as an edit starts from it. */
export interface OriginalFile {
  exists: boolean;
  /** The text without a leading BOM ('' for a new file). */
  text: string;
  /** The BOM the file started with ('' if none); written back in front of the new content. */
  bom: string;
  /** False when the bytes are not valid UTF-8 (then `text` is a lossy decoding). */
  utf8: boolean;
}

// ignoreBOM keeps a BOM in the text, so it can be seen and written back.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Read the file an edit starts from. Inside the workspace the read is bound to the checked
 * path (`openConfined`, SPEC P8); an external path has already been approved as such.
 */
export async function readOriginal(target: ResolvedPath): Promise<OriginalFile> {
  if (!target.exists) return { exists: false, text: '', bom: '', utf8: true };
  const bytes = target.inside ? await readConfined(target) : await readFile(target.resolved);
  let text: string;
  let utf8 = true;
  try {
    text = decoder.decode(bytes);
  } catch {
    text = bytes.toString('utf8');
    utf8 = false;
  }
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  return { exists: true, text: text.slice(bom.length), bom, utf8 };
}

async function readConfined(target: ResolvedPath): Promise<Buffer> {
  const handle = await openConfined(target, 'r');
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
