import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import type { DirHandle } from './dir-handle.js';

// Keep temp names under NAME_MAX (255 bytes) even for long target names.
const MAX_BASE = 96;

/** A unique hidden sibling name for the entry `name`, marked as Quiver's, with a given suffix. */
export function siblingName(name: string, suffix: string): string {
  return `.${name.slice(0, MAX_BASE)}.${randomBytes(6).toString('hex')}.${suffix}`;
}

/**
 * Create a temp file beside the entry `name` with O_EXCL (never reusing or following an
 * existing name), write `data`, apply `mode`, and fsync it. Returns the temp's name in `dir`.
 * On failure the temp file is removed.
 */
export async function stageTempFile(dir: DirHandle, name: string, data: string | Uint8Array, mode?: number): Promise<string> {
  const { handle, temp } = await openExclusive(dir, name);
  try {
    await handle.writeFile(data);
    // Applied explicitly so the temp gets exactly the old file's mode, whatever the umask.
    if (mode !== undefined) await handle.chmod(mode & 0o7777);
    await handle.sync();
    await handle.close();
  } catch (e) {
    await handle.close().catch(() => undefined);
    await rm(dir.at(temp), { force: true }).catch(() => undefined);
    throw e;
  }
  return temp;
}

async function openExclusive(dir: DirHandle, name: string): Promise<{ handle: FileHandle; temp: string }> {
  const flags = constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0);
  for (let attempt = 0; ; attempt++) {
    const temp = siblingName(name, 'quiver-tmp');
    try {
      // 0o666 lets the umask decide a new file's mode, as a plain write would.
      return { handle: await open(dir.at(temp), flags, 0o666), temp };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 4) throw e;
    }
  }
}
