import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';

/** A folder's real path (symlinks resolved), or its absolute path when it does not exist. */
export function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return resolve(folder);
  }
}
