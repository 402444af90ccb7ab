import { constants, existsSync } from 'node:fs';
import { open, readlink, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { ERROR_CODES, quiverError } from '@quiver/core';

/** A directory the write works in: every temp, backup and rename goes through `at()`. */
export interface DirHandle {
  readonly dir: string;
  /** The path of an entry of this directory. */
  at(name: string): string;
  close(): Promise<void>;
}

// Linux exposes an open descriptor as a magic link; paths through it are walked from the opened
// directory itself (like openat(2)), so a symlink swapped into an ancestor afterwards is moot.
const HAS_PROC_FD = existsSync('/proc/self/fd');

/**
 * Open the directory a write happens in. With `physical`, the caller vouches that `dir` is a
 * physical path (every symlink already followed, SPEC P3): the directory is opened, its real
 * path must still be `dir`, and every later operation goes through the open descriptor, so a
 * symlink swapped in after the path checks cannot redirect the write (SPEC P8).
 */
export async function openDirHandle(dir: string, physical: boolean): Promise<DirHandle> {
  if (!physical) return { dir, at: (name) => join(dir, name), close: async () => undefined };
  const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    const through = `/proc/self/fd/${handle.fd}`;
    const real = HAS_PROC_FD ? await readlink(through) : await realpath(dir);
    if (real !== dir) {
      throw quiverError(
        ERROR_CODES.PATH_OUTSIDE,
        `'${dir}' now leads to '${real}': a symlink was swapped in after the path was checked. Nothing was written (rule P8).`,
        { file: dir, rule: 'P8' },
      );
    }
    return { dir, at: (name) => (HAS_PROC_FD ? `${through}/${name}` : join(dir, name)), close: () => handle.close() };
  } catch (e) {
    await handle.close();
    throw e;
  }
}
