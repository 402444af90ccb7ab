import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { ERROR_CODES, quiverError, type ResolvedPath } from '@quiver/core';
import { openConfined, specialFileError } from '@quiver/workspace';

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

/** An edit reads the file whole (for the diff and the search blocks): larger files are refused, not buffered. */
export const MAX_EDIT_BYTES = 32 * 1024 * 1024;

// ignoreBOM keeps a BOM in the text, so it can be seen and written back.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Read the file an edit starts from. Inside the workspace the read is bound to the checked
 * path (`openConfined`, SPEC P8); an external path has already been approved as such.
 */
export async function readOriginal(target: ResolvedPath): Promise<OriginalFile> {
  if (!target.exists) return { exists: false, text: '', bom: '', utf8: true };
  const bytes = target.inside ? await readConfined(target) : await readExternal(target);
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
    return await readBounded(handle, target);
  } finally {
    await handle.close();
  }
}

/** An approved external file: opened without blocking (a FIFO waits for no writer), regular files only. */
async function readExternal(target: ResolvedPath): Promise<Buffer> {
  const handle = await open(target.resolved, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const st = await handle.stat();
    if (!st.isFile())
      throw st.isDirectory()
        ? Object.assign(new Error(`'${target.input}' is a directory`), { code: 'EISDIR' })
        : specialFileError(target.input, target.resolved, st);
    return await readBounded(handle, target);
  } finally {
    await handle.close();
  }
}

async function readBounded(handle: FileHandle, target: ResolvedPath): Promise<Buffer> {
  const { size } = await handle.stat();
  if (size > MAX_EDIT_BYTES) {
    throw quiverError(
      ERROR_CODES.FILE_TOO_LARGE,
      `'${target.input}' is ${Math.round(size / 1024 / 1024)} MB; files over ${MAX_EDIT_BYTES / 1024 / 1024} MB are not edited (they would be read whole). Edit it with a command (sed, a script) instead.`,
      { file: target.resolved },
    );
  }
  return handle.readFile();
}
