/**
 * Watch one file for changes. The folder is watched, not the file: editors and atomic writers
 * replace a file by renaming a new one over it, which ends a watch on the old inode.
 */
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';

/** How long a burst of events is gathered before `onChange` runs once. */
export const WATCH_DEBOUNCE_MS = 150;

/**
 * Call `onChange` (debounced) whenever `file` is written, created, replaced or removed.
 * Returns a function that stops watching.
 */
export function watchFile(file: string, onChange: () => void, debounceMs = WATCH_DEBOUNCE_MS): () => void {
  const name = basename(file);
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(file), { persistent: false }, (_event, changed) => {
      // Some platforms report no file name; then any change in the folder counts.
      if (changed && changed.toString() !== name) return;
      clearTimeout(timer);
      timer = setTimeout(onChange, debounceMs);
    });
    watcher.on('error', () => watcher?.close());
  } catch {
    // A folder that cannot be watched (gone, no permission) simply means no live reload.
    watcher = undefined;
  }
  return () => {
    clearTimeout(timer);
    watcher?.close();
  };
}
