import { readFileSync, watch, type FSWatcher } from 'node:fs';
import { countInotifyEvent, onInotifyFlood } from '@quiver/workspace';

/**
 * Folders watched for entries created, deleted or renamed in them (inotify, through
 * `fs.watch`), so the masks can be kept fresh without a stat of every folder per command.
 */
export interface FolderWatch {
  /**
   * Watch `dir` from now on, replacing an earlier watch of it (inotify watches an inode, and
   * the path may name another folder by now). Call it before reading the folder. False when it
   * cannot be watched (over the cap, out of inotify watches, gone): check it another way.
   */
  watch(dir: string): boolean;
  /** True while `dir` is watched and nothing changed in it since {@link FolderWatch.watch}. */
  unchanged(dir: string): boolean;
  /** How many folders changed since the last {@link FolderWatch.resetChanges}. */
  changes(): number;
  resetChanges(): void;
  /** Stop watching `dir`. */
  forget(dir: string): void;
  /**
   * Resolve once every event the kernel queued before this call has been handled: the event
   * loop has polled again (two turns: the current turn may have polled already).
   */
  settle(): Promise<void>;
  close(): void;
}

interface Watched {
  watcher: FSWatcher;
  dirty: boolean;
}

/** Watches at most this many folders, and never more than a quarter of the user's inotify watches. */
const MAX_WATCHES = 16_384;

/**
 * Every folder watch of this process, by what it does on a possible overflow: they share the
 * process's one inotify instance, so a flood seen by any of them may have dropped events of all.
 */
const everyWatch = new Set<() => void>();
let unsubscribe: (() => void) | undefined;

// One count for every watcher of the process (@quiver/workspace's, on globalThis): the
// workspace's path facts and these masks share libuv's one inotify queue, so a flood in a
// folder either side watches may have dropped an event of the other.
function count(): void {
  countInotifyEvent();
}

/** Listen for floods once per process, from the first folder watch on (whoever counted them). */
function listenForFloods(): void {
  unsubscribe ??= onInotifyFlood(() => {
    for (const overflowed of [...everyWatch]) overflowed();
  });
}

/**
 * Create a {@link FolderWatch}; `limit` overrides the number of folders it may watch.
 *
 * The kernel queues at most `fs.inotify.max_queued_events` (16,384 by default) unread events
 * per inotify instance; past that it drops them, and Node says nothing (libuv ignores the
 * overflow event: measured, 40,000 entries made while the event loop was busy gave 16,384
 * events, and the last change never came). A command can make that many in a watched folder
 * while this process runs something synchronous. libuv reads the queue to the end in one poll
 * phase, so an overflow shows as one phase delivering about a queue's worth of events; the
 * watches share the process's one inotify instance with every other `fs.watch`, so a quarter
 * of the queue in one phase, counted over every folder watch of this package, already counts:
 * every folder of every watch is then taken as changed.
 */
export function createFolderWatch(limit = watchBudget()): FolderWatch {
  const watched = new Map<string, Watched>();
  let changes = 0;
  let closed = false;
  const overflowed = () => {
    for (const w of watched.values()) mark(w);
  };
  everyWatch.add(overflowed);
  listenForFloods();
  const forget = (dir: string) => {
    const w = watched.get(dir);
    if (!w) return;
    watched.delete(dir);
    w.watcher.close();
  };
  const mark = (w: Watched) => {
    if (!w.dirty) changes++;
    w.dirty = true;
  };
  return {
    watch(dir) {
      forget(dir);
      if (closed || watched.size >= limit) return false;
      let watcher: FSWatcher;
      try {
        watcher = watch(dir, { persistent: false });
      } catch {
        return false; // ENOSPC (no inotify watch left), ENOENT, EACCES: the caller stats instead
      }
      const w: Watched = { watcher, dirty: false };
      // 'rename' is every create, delete, move (also of the folder itself); 'change' is a
      // content or attribute change, which never changes what is masked.
      watcher.on('change', (type) => {
        count();
        if (type === 'rename') mark(w);
      });
      watcher.on('error', () => mark(w));
      watched.set(dir, w);
      return true;
    },
    unchanged: (dir) => watched.get(dir)?.dirty === false,
    changes: () => changes,
    resetChanges: () => void (changes = 0),
    forget,
    settle: () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve))),
    close() {
      closed = true;
      everyWatch.delete(overflowed);
      for (const dir of [...watched.keys()]) forget(dir);
    },
  };
}

function watchBudget(): number {
  // The ordering argument of settle() is inotify's; elsewhere the folders are stat'ed.
  if (process.platform !== 'linux') return 0;
  try {
    const max = Number(readFileSync('/proc/sys/fs/inotify/max_user_watches', 'utf8'));
    return Number.isFinite(max) ? Math.min(MAX_WATCHES, Math.floor(max / 4)) : 0;
  } catch {
    return 0;
  }
}
