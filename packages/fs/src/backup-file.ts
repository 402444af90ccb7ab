import { copyFile, link } from 'node:fs/promises';
import { constants } from 'node:fs';
import { siblingName } from './stage-temp-file.js';

/**
 * Keep the current content of `target` under a hidden sibling name, so a multi-file write can
 * put it back. A hard link costs nothing and keeps the very same inode (mode, owner, times);
 * where links are not supported a copy is made instead.
 */
export async function backupFile(target: string): Promise<string> {
  const backup = siblingName(target, 'quiver-bak');
  try {
    await link(target, backup);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV' && code !== 'EMLINK') throw e;
    await copyFile(target, backup, constants.COPYFILE_EXCL);
  }
  return backup;
}
