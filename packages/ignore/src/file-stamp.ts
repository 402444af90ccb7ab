import { statSync, type Stats } from 'node:fs';

/**
 * What a tracked rules file looked like when it was read: its inode, size, mtime and ctime, or
 * why it could not be stat'ed (`ENOENT` for a file that does not exist yet).
 */
export type FileStamp = Pick<Stats, 'ino' | 'size' | 'mtimeMs' | 'ctimeMs'> | string;

/**
 * Stamp a file now (following symlinks: a retargeted link shows as another inode). Stamp
 * before reading: a change between the stamp and the read is then seen by the next check.
 */
export function stampFile(file: string): FileStamp {
  try {
    // Every path check runs this, and `.clineignore` is usually missing: without
    // `throwIfNoEntry` each call would build and throw an ENOENT error (most of a check's cost).
    // Plain numbers, not BigInts: a millisecond double still resolves a quarter of a
    // microsecond, finer than the kernel's file-time clock, and builds 14 BigInts fewer.
    const st = statSync(file, { throwIfNoEntry: false });
    return st ?? 'ENOENT';
  } catch (e) {
    return (e as NodeJS.ErrnoException).code ?? 'error';
  }
}

/**
 * True while `file` still has the stamp it had: compared field by field (no string is built
 * on the hot path of every path check).
 */
export function stillStamped(file: string, stamp: FileStamp): boolean {
  const now = stampFile(file);
  if (typeof now === 'string' || typeof stamp === 'string') return now === stamp;
  return now.ino === stamp.ino && now.size === stamp.size && now.mtimeMs === stamp.mtimeMs && now.ctimeMs === stamp.ctimeMs;
}

/** A stamp as text, for a rules version string. */
export function stampText(stamp: FileStamp): string {
  return typeof stamp === 'string' ? stamp : `${stamp.ino}:${stamp.size}:${stamp.mtimeMs}:${stamp.ctimeMs}`;
}
