/**
 * Opening the file read_file reads, bound to the object the gates checked (SPEC P8). Paths
 * inside a root go through `openConfined` from @quiver/workspace. Paths outside every root
 * reach here only after the external approval level; they are opened without following a
 * symlink in the last component, and the descriptor's real path must still be the approved one.
 */
import { constants, existsSync } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import { ERROR_CODES, isQuiverError, quiverError, type ResolvedPath } from '@quiver/core';
import { openConfined, openConfinedStatSync, type StatedDescriptor } from '@quiver/workspace';

// O_NONBLOCK: opening a FIFO for reading must not wait for a writer; regular files ignore it.
const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;
const HAS_PROC_FD = existsSync('/proc/self/fd');

/** The text of a missing file, as the baseline words it. */
export function fileNotFound(absolutePath: string): Error {
  return quiverError(ERROR_CODES.FILE_NOT_FOUND, `File not found: ${absolutePath}`, { file: absolutePath });
}

/**
 * Open a resolved path for reading.
 * @throws QuiverError `QUIVER_ERR_FILE_NOT_FOUND` (`File not found: <abs>`),
 *   `QUIVER_ERR_PATH_OUTSIDE` (P8: the object opened is not the one checked)
 */
export async function openForRead(path: ResolvedPath): Promise<FileHandle> {
  try {
    return path.inside ? await openConfined(path, READ_FLAGS) : await openExternal(path);
  } catch (e) {
    const missing = isQuiverError(e) ? e.code === ERROR_CODES.FILE_NOT_FOUND : (e as NodeJS.ErrnoException).code === 'ENOENT';
    if (missing) throw fileNotFound(path.resolved);
    throw e;
  }
}

/**
 * {@link openForRead} of a path inside a root, synchronously (`openConfinedStatSync`): a file
 * descriptor the caller closes with `closeSync`, and its stats (taken by the open's own check,
 * so the caller need not fstat again). Same checks, same errors.
 */
export function openInsideForReadSync(path: ResolvedPath): StatedDescriptor {
  try {
    return openConfinedStatSync(path, READ_FLAGS);
  } catch (e) {
    if (isQuiverError(e) && e.code === ERROR_CODES.FILE_NOT_FOUND) throw fileNotFound(path.resolved);
    throw e;
  }
}

async function openExternal(path: ResolvedPath): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(path.resolved, READ_FLAGS | constants.O_NOFOLLOW);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw swapped(path, e);
    throw e;
  }
  if (HAS_PROC_FD) {
    const real = await realpath(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
    if (real !== path.resolved) {
      await handle.close();
      throw swapped(path);
    }
  }
  return handle;
}

function swapped(path: ResolvedPath, cause?: unknown): Error {
  return quiverError(
    ERROR_CODES.PATH_OUTSIDE,
    `"${path.input}" no longer leads to the approved file ${path.resolved} (a symlink changed after the check). Nothing was read; check the path and try again.`,
    { rule: 'P8', file: path.resolved, cause },
  );
}
