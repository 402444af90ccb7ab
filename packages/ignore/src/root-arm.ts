import { lstatSync, watch, type FSWatcher } from 'node:fs';
import { countInotifyEvent, type FolderWatches, type WatchedFolder } from '@quiver/workspace';

/**
 * A root's ignore files vouched for by watchers: a mark per file name in the root folder's
 * watch (an event naming the file, or any event on the folder or above it, deletes it) and a
 * watch on each existing file itself (a write through another hard link makes no event in the
 * root folder, only on the file).
 */
export interface RootArm {
  readonly folder: WatchedFolder;
  readonly mark: object;
  readonly names: readonly string[];
  readonly files: FSWatcher[];
  close(): void;
}

/** True while nothing has happened to the armed files since they were armed. */
export function isArmed(arm: RootArm): boolean {
  if (!arm.folder.live) return false;
  for (const name of arm.names) if (arm.folder.marks.get(name) !== arm.mark) return false;
  return true;
}

/**
 * Arm a root's ignore files before they are stat'ed: from here on, a change to any of them
 * makes an event that disarms. Undefined when they cannot be vouched for this way: the root
 * folder is not watched, or a file is a symlink (its target may change where nothing is
 * watched) or not a regular file, or a watch fails. Then the caller stats, as without arms.
 */
export function armRoot(watches: FolderWatches, rootPath: string, names: readonly string[]): RootArm | undefined {
  // Only plain ASCII names in the root itself can be vouched for by the root's watch: a name
  // with a `/` lives in a folder nobody watches for it, and a name beyond ASCII may case-fold.
  if (names.some((name) => name.includes('/') || name === '.' || name === '..' || !/^[\x00-\x7f]+$/.test(name))) return undefined;
  const folder = watches.folder(rootPath);
  if (!folder) return undefined;
  const mark = {};
  const files: FSWatcher[] = [];
  const arm: RootArm = { folder, mark, names, files, close: () => closeAll(files) };
  const disarm = (name: string) => () => {
    countInotifyEvent();
    if (folder.marks.get(name) === mark) folder.marks.delete(name);
  };
  for (const name of names) folder.marks.set(name, mark);
  try {
    for (const name of names) {
      const file = `${rootPath === '/' ? '' : rootPath}/${name}`;
      // A missing file is fine: creating it is an event in the watched root folder.
      const st = lstatSync(file, { throwIfNoEntry: false });
      if (!st) continue;
      if (!st.isFile()) throw new Error('not a regular file');
      const w = watch(file, { persistent: false }, disarm(name));
      w.on('error', disarm(name));
      files.push(w);
    }
  } catch {
    arm.close();
    for (const name of names) disarm(name)();
    return undefined;
  }
  return arm;
}

function closeAll(files: FSWatcher[]): void {
  for (const w of files.splice(0)) w.close();
}
