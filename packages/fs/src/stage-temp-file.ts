import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A fully written, fsynced temp file waiting to be renamed over its target. */
export interface StagedTemp {
  /** The target the temp file will replace. */
  target: string;
  /** The temp file, in the target's directory (so the rename never crosses a filesystem). */
  temp: string;
}

// Keep temp names under NAME_MAX (255 bytes) even for long target names.
const MAX_BASE = 96;

/** A unique sibling name for `target`, hidden and marked as Quiver's, with a given suffix. */
export function siblingName(target: string, suffix: string): string {
  const base = basename(target).slice(0, MAX_BASE);
  return join(dirname(target), `.${base}.${randomBytes(6).toString('hex')}.${suffix}`);
}

/**
 * Create a temp file beside `target` with O_EXCL (never reusing or following an existing name),
 * write `data`, apply `mode`, and fsync it. On failure the temp file is removed.
 */
export async function stageTempFile(target: string, data: string | Uint8Array, mode?: number): Promise<StagedTemp> {
  const { handle, temp } = await openExclusive(target);
  try {
    await handle.writeFile(data);
    // Applied explicitly so the temp gets exactly the old file's mode, whatever the umask.
    if (mode !== undefined) await handle.chmod(mode & 0o7777);
    await handle.sync();
    await handle.close();
  } catch (e) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    throw e;
  }
  return { target, temp };
}

async function openExclusive(target: string): Promise<{ handle: FileHandle; temp: string }> {
  const flags = constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0);
  for (let attempt = 0; ; attempt++) {
    const temp = siblingName(target, 'quiver-tmp');
    try {
      // 0o666 lets the umask decide a new file's mode, as a plain write would.
      return { handle: await open(temp, flags, 0o666), temp };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 4) throw e;
    }
  }
}
