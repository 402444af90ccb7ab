import { copyFile, link } from 'node:fs/promises';
import { constants } from 'node:fs';
import type { DirHandle } from './dir-handle.js';
import { siblingName } from './stage-temp-file.js';

const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'EMLINK']);

/**
 * Keep the current content of the entry `name` under a hidden sibling name, so a multi-file
 * write can put it back. A hard link costs nothing and keeps the very same inode (mode, owner,
 * times); where links are not supported a copy is made instead. Returns the backup's name.
 */
export async function backupFile(dir: DirHandle, name: string): Promise<string> {
  const backup = siblingName(name, 'quiver-bak');
  try {
    await link(dir.at(name), dir.at(backup));
  } catch (e) {
    if (!NO_LINKS.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
    await copyFile(dir.at(name), dir.at(backup), constants.COPYFILE_EXCL);
  }
  return backup;
}
