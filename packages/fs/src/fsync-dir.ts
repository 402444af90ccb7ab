import { open } from 'node:fs/promises';

/**
 * Flush a directory's entries to disk so a rename inside it survives a power cut.
 * Best effort: some filesystems and platforms refuse to fsync a directory, and by the time
 * this runs the rename has already happened, so a failure here must not be reported as a
 * failed write.
 */
export async function fsyncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // See above: durability of the directory entry is best effort.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
