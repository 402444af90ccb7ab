// The parent directory's open/check/close, the check of the file descriptor's real path and
// its fstat are synchronous on purpose: they are tiny metadata calls on the hot path of every
// file tool call, and each async form is a thread-pool round trip costing more than the call
// itself. The file itself is opened async (callers get a FileHandle); the checks and their
// order are the same either way.
import { closeSync, constants, existsSync, fstatSync, openSync, readlinkSync, realpathSync, type Stats } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import { posix } from 'node:path';
import { ERROR_CODES, quiverError, type ResolvedPath } from '@quiver/core';
import { isPathInside } from './is-path-inside.js';

/** `fs.open` flags: a number, or one of the usual strings (`'r'`, `'w'`, `'wx'`, `'a+'`, ...). */
export type OpenFlags = number | string;

const { O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND, O_EXCL, O_NOFOLLOW, O_DIRECTORY, O_SYNC, O_NONBLOCK } = constants;

const FLAG_STRINGS: Record<string, number> = {
  r: O_RDONLY,
  'r+': O_RDWR,
  'rs+': O_RDWR | O_SYNC,
  w: O_TRUNC | O_CREAT | O_WRONLY,
  wx: O_TRUNC | O_CREAT | O_WRONLY | O_EXCL,
  'w+': O_TRUNC | O_CREAT | O_RDWR,
  'wx+': O_TRUNC | O_CREAT | O_RDWR | O_EXCL,
  a: O_APPEND | O_CREAT | O_WRONLY,
  ax: O_APPEND | O_CREAT | O_WRONLY | O_EXCL,
  'a+': O_APPEND | O_CREAT | O_RDWR,
  'ax+': O_APPEND | O_CREAT | O_RDWR | O_EXCL,
};

/** Linux exposes each open descriptor as a magic link; through it, a path is walked from the opened directory itself, like openat(2). */
const HAS_PROC_FD = existsSync('/proc/self/fd');

/**
 * Open a resolved path and bind the check to the object actually opened (SPEC P8).
 *
 * The parent directory is opened first and its descriptor's real path checked; the file is
 * then opened *through that descriptor* (`/proc/self/fd/<dir>/<name>`, i.e. openat) with
 * `O_NOFOLLOW`, so a symlink swapped into any component after the check can neither redirect
 * a read nor make a create land outside. Finally the file descriptor's own real path is
 * checked. On a violation the descriptors are closed and `QUIVER_ERR_PATH_OUTSIDE` (rule P8)
 * is thrown. A missing parent throws `QUIVER_ERR_FILE_NOT_FOUND`.
 *
 * The file is opened with `O_NONBLOCK` (a FIFO would otherwise wait for a writer or reader
 * forever) and must be a regular file or a directory: a FIFO, device or socket throws
 * `QUIVER_ERR_FILE_SPECIAL` at once (SPEC R1), for reads and writes alike.
 *
 * @param resolved - A path from `Workspace.resolve`; it must be inside a root.
 * @param flags - `fs.open` flags (default `'r'`).
 * @param mode - Mode for a created file (default `0o666`, before umask).
 * @example
 * const fh = await openConfined(await ws.resolve('src/a.ts'), 'r');
 * try { console.log(await fh.readFile('utf8')); } finally { await fh.close(); }
 */
export async function openConfined(resolved: ResolvedPath, flags: OpenFlags = 'r', mode = 0o666): Promise<FileHandle> {
  const root = resolved.containingRoot;
  if (!resolved.inside || !root) throw outside(resolved, resolved.resolved);
  const numeric = toNumericFlags(flags);
  const fileFlags = numeric | O_NOFOLLOW | O_NONBLOCK;
  if (!HAS_PROC_FD || resolved.resolved === root.path) {
    return ordinary(await verified(await openOrThrow(resolved, resolved.resolved, fileFlags, mode), resolved, root.path), resolved);
  }
  const dir = openDirectoryVerified(resolved, posix.dirname(resolved.resolved), root.path);
  try {
    const through = `/proc/self/fd/${dir}/${posix.basename(resolved.resolved)}`;
    return ordinary(await verified(await openOrThrow(resolved, through, fileFlags, mode), resolved, root.path), resolved);
  } finally {
    closeSync(dir);
  }
}

/**
 * {@link openConfined}, synchronously, for a caller that does all its work on the descriptor
 * at once (read_file's small whole-file read): the same checks in the same order, and a plain
 * file descriptor the caller closes with `closeSync`. Each async step is a thread-pool round
 * trip that costs more than the system call itself; use this only where every read on the
 * descriptor is small (a regular file in the page cache), not to stream.
 *
 * @param resolved - A path from `Workspace.resolve`; it must be inside a root.
 * @param flags - `fs.open` flags (default `'r'`).
 * @param mode - Mode for a created file (default `0o666`, before umask).
 * @example
 * const fd = openConfinedSync(await ws.resolve('package.json'), 'r');
 * try { console.log(readFileSync(fd, 'utf8')); } finally { closeSync(fd); }
 */
export function openConfinedSync(resolved: ResolvedPath, flags: OpenFlags = 'r', mode = 0o666): number {
  return openConfinedStatSync(resolved, flags, mode).fd;
}

/** An open descriptor and its stats, taken once (see {@link openConfinedStatSync}). */
export interface StatedDescriptor {
  readonly fd: number;
  readonly stats: Stats;
}

/**
 * {@link openConfinedSync}, also giving the stats of the opened object: the check that it is a
 * regular file or a directory already took them, so a reader (read_file's small read, which
 * needs the size and mtime) does not `fstat` the descriptor a second time.
 * @example
 * const { fd, stats } = openConfinedStatSync(resolved);
 * try { if (stats.isFile()) readSync(fd, Buffer.alloc(stats.size)); } finally { closeSync(fd); }
 */
export function openConfinedStatSync(resolved: ResolvedPath, flags: OpenFlags = 'r', mode = 0o666): StatedDescriptor {
  const root = resolved.containingRoot;
  if (!resolved.inside || !root) throw outside(resolved, resolved.resolved);
  const fileFlags = toNumericFlags(flags) | O_NOFOLLOW | O_NONBLOCK;
  if (!HAS_PROC_FD || resolved.resolved === root.path) {
    return ordinarySync(verifiedSync(openSyncOrThrow(resolved, resolved.resolved, fileFlags, mode), resolved, root.path), resolved);
  }
  const dir = openDirectoryVerified(resolved, posix.dirname(resolved.resolved), root.path);
  try {
    const through = `/proc/self/fd/${dir}/${posix.basename(resolved.resolved)}`;
    return ordinarySync(verifiedSync(openSyncOrThrow(resolved, through, fileFlags, mode), resolved, root.path), resolved);
  } finally {
    closeSync(dir);
  }
}

function openSyncOrThrow(resolved: ResolvedPath, path: string, flags: number, mode?: number): number {
  try {
    return openSync(path, flags, mode);
  } catch (e) {
    throw openError(resolved, path, e);
  }
}

/** The descriptor's real path must still be inside the root (see `verified`); closes it when not. */
function verifiedSync(fd: number, resolved: ResolvedPath, rootPath: string): number {
  let real: string;
  try {
    real = HAS_PROC_FD ? realPathOfFd(fd) : realpathSync.native(resolved.resolved);
  } catch (e) {
    closeSync(fd);
    throw outside(resolved, resolved.resolved, e);
  }
  if (!isPathInside(real, rootPath)) {
    closeSync(fd);
    throw outside(resolved, real);
  }
  return fd;
}

/** Keep a descriptor of a regular file or a directory; close and refuse anything else. */
function ordinarySync(fd: number, resolved: ResolvedPath): StatedDescriptor {
  const st = fstatSync(fd);
  if (st.isFile() || st.isDirectory()) return { fd, stats: st };
  closeSync(fd);
  throw specialFileError(resolved.input, resolved.resolved, st);
}

/** Open the parent directory and check its descriptor's real path (synchronously, see above); returns the fd. */
function openDirectoryVerified(resolved: ResolvedPath, dir: string, rootPath: string): number {
  // Only called where /proc/self/fd exists, so the check is on the descriptor itself.
  return verifiedSync(openSyncOrThrow(resolved, dir, O_RDONLY | O_DIRECTORY), resolved, rootPath);
}

/** Keep a handle to a regular file or a directory; close and refuse anything else. */
async function ordinary(handle: FileHandle, resolved: ResolvedPath): Promise<FileHandle> {
  const st = fstatSync(handle.fd);
  if (st.isFile() || st.isDirectory()) return handle;
  await handle.close();
  throw specialFileError(resolved.input, resolved.resolved, st);
}

/**
 * The error for a FIFO, device or socket where a file was expected (`QUIVER_ERR_FILE_SPECIAL`):
 * reading or writing one could block forever or never end.
 */
export function specialFileError(input: string, file: string, st: { isFIFO(): boolean; isSocket(): boolean }): Error {
  const kind = st.isFIFO() ? 'a FIFO (named pipe)' : st.isSocket() ? 'a socket' : 'a device';
  return quiverError(
    ERROR_CODES.FILE_SPECIAL,
    `'${input}' is not a regular file (it is ${kind}), so it was not opened: it could block or never end. Use a regular file.`,
    { file },
  );
}

function toNumericFlags(flags: OpenFlags): number {
  if (typeof flags === 'number') return flags;
  const n = FLAG_STRINGS[flags];
  if (n === undefined)
    throw new TypeError(`Unknown open flags "${flags}". Use a number or one of: ${Object.keys(FLAG_STRINGS).join(', ')}.`);
  return n;
}

async function openOrThrow(resolved: ResolvedPath, path: string, flags: number, mode?: number): Promise<FileHandle> {
  try {
    return await open(path, flags, mode);
  } catch (e) {
    throw openError(resolved, path, e);
  }
}

/** The error for a failed open(2) of `path` (on the way to `resolved`). */
function openError(resolved: ResolvedPath, path: string, e: unknown): Error {
  const code = (e as NodeJS.ErrnoException).code;
  // O_WRONLY|O_NONBLOCK on a FIFO with no reader: a FIFO, refused like any special file.
  if (code === 'ENXIO')
    return quiverError(
      ERROR_CODES.FILE_SPECIAL,
      `'${resolved.input}' is not a regular file (it is a FIFO or a device), so it was not opened: it could block or never end. Use a regular file.`,
      { file: resolved.resolved, cause: e },
    );
  if (code === 'ENOENT') {
    return quiverError(ERROR_CODES.FILE_NOT_FOUND, `"${resolved.input}" does not exist (${resolved.resolved}).`, {
      file: resolved.resolved,
      cause: e,
    });
  }
  // O_NOFOLLOW met a symlink where the check saw none: something was swapped in.
  if (code === 'ELOOP' || code === 'ENOTDIR') return outside(resolved, path, e);
  return quiverError(ERROR_CODES.TOOL_FAILED, `Cannot open "${resolved.input}": ${(e as Error).message}`, {
    file: resolved.resolved,
    cause: e,
  });
}

async function verified(handle: FileHandle, resolved: ResolvedPath, rootPath: string): Promise<FileHandle> {
  let real: string;
  try {
    // /proc/self/fd/N is a magic link: resolving it is a readlink, done synchronously.
    real = HAS_PROC_FD ? realPathOfFd(handle.fd) : await realpath(resolved.resolved);
  } catch (e) {
    await handle.close();
    throw outside(resolved, resolved.resolved, e);
  }
  if (!isPathInside(real, rootPath)) {
    await handle.close();
    throw outside(resolved, real);
  }
  return handle;
}

/**
 * Where an open descriptor's object is now: the kernel's path of it, read from its
 * `/proc/self/fd` link in one `readlink` (that path has no symlink in it: it is the object's
 * own place in the tree). `realpath` of the link came to the same answer in ten calls, one
 * per component, and every file tool call checks two descriptors. What is not a plain path
 * (a deleted object's ` (deleted)`, a pipe) is left to `realpath`, which refuses it as before.
 */
function realPathOfFd(fd: number): string {
  const link = `/proc/self/fd/${fd}`;
  const path = readlinkSync(link);
  return path.startsWith('/') && !path.endsWith(' (deleted)') ? path : realpathSync.native(link);
}

function outside(resolved: ResolvedPath, at: string, cause?: unknown) {
  return quiverError(
    ERROR_CODES.PATH_OUTSIDE,
    `"${resolved.input}" leads outside the workspace root (${at}), possibly through a symlink changed after the check. Nothing was opened; use a path inside the workspace.`,
    { rule: 'P8', file: resolved.resolved, cause },
  );
}
