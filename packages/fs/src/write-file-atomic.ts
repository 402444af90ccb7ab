import { lstat, rename, rm } from 'node:fs/promises';
import { basename, dirname, isAbsolute } from 'node:path';
import { ERROR_CODES, quiverError } from '@quiver/core';
import { openDirHandle, type DirHandle } from './dir-handle.js';
import { fsyncDir } from './fsync-dir.js';
import { makeParentDirs, removeCreatedDirs } from './make-parent-dirs.js';
import { stageTempFile } from './stage-temp-file.js';
import { requireAbsolute, writeError } from './write-error.js';

/** Options of {@link writeFileAtomic}. */
export interface WriteFileAtomicOptions {
  /** Mode of the written file. @default the existing file's mode, or 0o666 minus the umask for a new file */
  mode?: number;
  /** Create missing parent directories (and remove them again if the write fails). @default true */
  createDirs?: boolean;
  /**
   * The path is physical (resolved by the workspace, every symlink followed): refuse with
   * `QUIVER_ERR_PATH_OUTSIDE` (rule P8) if its directory no longer is, and do every operation
   * through the opened directory so a swapped symlink cannot redirect the write. @default false
   */
  physical?: boolean;
}

/** What is at a target path now: nothing, or a file with a mode. */
export interface TargetInfo {
  exists: boolean;
  mode?: number;
}

/**
 * Look at a write target without following a symlink in the last position: the rename that
 * follows replaces the link itself, so a link swapped in after the path checks can never
 * redirect the write (SPEC P8). A directory is refused.
 */
export async function inspectTarget(path: string): Promise<TargetInfo> {
  try {
    const st = await lstat(path);
    if (st.isDirectory()) {
      throw Object.assign(new Error(`'${path}' is a directory`), { code: 'EISDIR' });
    }
    // Never replace a FIFO, device or socket with a file (SPEC R1): refuse, naming what it is.
    if (!st.isFile() && !st.isSymbolicLink()) {
      const kind = st.isFIFO() ? 'a FIFO (named pipe)' : st.isSocket() ? 'a socket' : 'a device';
      throw quiverError(
        ERROR_CODES.FILE_SPECIAL,
        `'${path}' is not a regular file (it is ${kind}), so it was not written. Write a regular file instead.`,
        { file: path },
      );
    }
    return { exists: true, mode: st.isSymbolicLink() ? undefined : st.mode & 0o7777 };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { exists: false };
    throw e;
  }
}

/**
 * Replace a file's content atomically: write a temp file in the same directory (unique name,
 * O_EXCL), fsync it, give it the existing file's mode, rename it over the target, fsync the
 * directory. A reader, or a crash at any moment, sees the old content or the new one, never a
 * mix. On failure the temp file (and any directory this call created) is removed and the
 * original is untouched.
 *
 * @param absPath - Absolute path of the file; a symlink in the last position is replaced, not followed.
 * @param data - The new content (strings are written as UTF-8).
 * @throws `QUIVER_ERR_FILE_WRITE_FAILED` naming the file and the OS error.
 * @example
 * await writeFileAtomic('/work/repo/src/a.ts', 'export const a = 1;\n');
 */
export async function writeFileAtomic(absPath: string, data: string | Uint8Array, opts: WriteFileAtomicOptions = {}): Promise<void> {
  requireAbsolute(absPath, isAbsolute);
  const name = basename(absPath);
  let created: string[] = [];
  let dir: DirHandle | undefined;
  let temp: string | undefined;
  try {
    if (opts.createDirs !== false) created = await makeParentDirs(dirname(absPath));
    dir = await openDirHandle(dirname(absPath), opts.physical ?? false);
    const target = await inspectTarget(dir.at(name));
    temp = await stageTempFile(dir, name, data, opts.mode ?? target.mode);
    await rename(dir.at(temp), dir.at(name));
    temp = undefined;
    await fsyncDir(dir.at('.'));
  } catch (e) {
    if (temp) await rm(dir!.at(temp), { force: true }).catch(() => undefined);
    await removeCreatedDirs(created);
    throw writeError(e, absPath, 'The file was left unchanged.');
  } finally {
    await dir?.close().catch(() => undefined);
  }
}
