import { statfsSync, statSync, watch, type FSWatcher } from 'node:fs';
import { barrierGeneration } from './settle-barrier.js';
import { countInotifyEvent, onInotifyFlood } from './inotify-flood.js';
import { isPathInside } from './is-path-inside.js';

/**
 * `statfs` types of local file systems whose inotify reports every change made on this
 * machine. Network and FUSE file systems change behind the kernel's back, and overlayfs misses
 * changes made to its layers directly, so their folders are never trusted to a watcher.
 */
const INOTIFY_COMPLETE = new Set([
  0xef53, // ext2, ext3, ext4
  0x58465342, // xfs
  0x9123683e, // btrfs
  0x01021994, // tmpfs
  0xf2f52010, // f2fs
]);

/** How many folders one workspace watches at most; past it, every watch is closed and the set starts again. */
const MAX_WATCHED = 512;

/**
 * A map of facts by entry name that can also drop every key equal to a name but for ASCII
 * case: on a case-insensitive folder (ext4 or tmpfs casefold) an event carries the name on
 * disk, which may differ in case from the name a path typed. Dropping more is always safe.
 */
export class FactMap<V = unknown> extends Map<string, V> {
  readonly #folded = new Map<string, Set<string>>();
  override set(key: string, value: V): this {
    super.set(key, value);
    const lower = key.toLowerCase();
    let keys = this.#folded.get(lower);
    if (!keys) this.#folded.set(lower, (keys = new Set()));
    keys.add(key);
    return this;
  }
  override clear(): void {
    super.clear();
    this.#folded.clear();
  }
  /** Delete every key equal to `name` ignoring ASCII case; the keys deleted. */
  deleteFolded(name: string): string[] {
    const lower = name.toLowerCase();
    const keys = this.#folded.get(lower);
    super.delete(name);
    if (!keys) return [];
    this.#folded.delete(lower);
    for (const key of keys) super.delete(key);
    return [...keys];
  }
}

/** True when `text` is plain ASCII (case folding is then exactly `toLowerCase`). */
export function isAscii(text: string): boolean {
  return /^[\x00-\x7f]*$/.test(text);
}

/** One watched folder and what caches learned about its entries since the watch began. */
export interface WatchedFolder {
  readonly dir: string;
  /**
   * Cached facts about entries, by name. An event naming an entry deletes its fact; any other
   * event on the folder closes the watch. Set a fact only after learning it with the watch live.
   */
  readonly entries: FactMap;
  /** The same for another cache (the ignore rules' files), kept apart so the two never mix. */
  readonly marks: FactMap;
  /** False once the watch is closed: its facts must not be used. */
  live: boolean;
}

/** The folders a workspace watches (see {@link createFolderWatches}). */
export interface FolderWatches {
  /**
   * The live watch of `dir` (a physical path, no symlinks, inside a root), set up now along
   * with every folder between it and its root if need be; undefined when `dir` cannot be
   * trusted to a watcher (watching not started, outside the roots, a file system not in the
   * allowlist, or the watch failed).
   */
  folder(dir: string): WatchedFolder | undefined;
  /** Start watching (until then `folder` answers undefined): a one-call process never pays for watches. */
  start(): void;
  /** True while any folder is watched: a caller must settle before trusting a fact. */
  active(): boolean;
  /**
   * Check now that each watched root's path still names the folder it watches (one stat of
   * the path against the identity it had: a rename of a folder above the root makes no event on the
   * root), closing the watches of any root that moved. True when a fact may be trusted.
   */
  verify(): boolean;
  /** Close every watch. */
  dispose(): void;
}

/** Options of {@link createFolderWatches} (tests). */
export interface FolderWatchOptions {
  /** `statfs` types trusted to inotify. @default ext2/3/4, xfs, btrfs, tmpfs, f2fs */
  fsTypes?: ReadonlySet<number>;
  /** Sets up one watch. @default fs.watch */
  watch?: (dir: string, options: { persistent: boolean }, listener: (event: string, name: string | null) => void) => FSWatcher;
}

interface Watch extends WatchedFolder {
  watcher: FSWatcher;
}

/**
 * Watch folders with `fs.watch` (inotify) so caches can skip a stat: a watch on a folder is set
 * up only once every folder between it and its root is watched, and anything that could change
 * which folder a path names (an event on the folder itself, or on an entry above it up to the
 * root) closes the watches at and below it; {@link FolderWatches.verify} covers the root itself
 * and everything above it. So a live, verified watch's folder is still the one its path named
 * when the watch began (mounts aside: a mount makes no event), and its facts hold until an
 * event arrives. Events arrive in the event loop's poll phase: see `settleBarrier`. Folders
 * above the roots are never watched: watching a big folder like /tmp costs tens of ms.
 *
 * Every event is counted in the process-wide flood count (`inotify-flood.ts`): a poll phase
 * that may have overflowed the kernel's queue closes every watch.
 *
 * @param roots - The realpath'd roots: only they and the folders inside them are watched.
 * @param options - For tests: the file-system allowlist and the watch function.
 */
export function createFolderWatches(roots: readonly string[], options: FolderWatchOptions = {}): FolderWatches {
  const fsTypes = options.fsTypes ?? INOTIFY_COMPLETE;
  const watchFolder = options.watch ?? watch;
  let unsubscribe: (() => void) | undefined;
  const watches = new Map<string, Watch>();
  const refused = new Set<string>();
  /**
   * The identity (device, inode) each watched root's path had before its watch began: a stat
   * of the path that still gives it tells the root still sits at its path.
   */
  const held = new Map<string, { dev: number; ino: number }>();
  /** The barrier generation `verify` last ran in, and what it answered (one stat per settled call). */
  let verifiedAt = -1;
  let verified = false;
  let started = false;
  let disposed = false;

  // Compared ignoring ASCII case: on a casefold folder `D` and `d` name the same entry, and a
  // watch is keyed by the path as typed. Closing more than needed is always safe.
  const closeUnder = (prefix: string): void => {
    const p = prefix.toLowerCase();
    const under = (dir: string): boolean => {
      const d = dir.toLowerCase();
      return d === p || p === '/' || d.startsWith(`${p}/`);
    };
    for (const [dir, w] of watches) if (under(dir)) close(w);
    // Every root at or under the prefix (nested roots too) lets go of its descriptor.
    for (const root of held.keys()) if (under(root)) held.delete(root);
    verifiedAt = -1;
  };
  const close = (w: Watch): void => {
    w.live = false;
    w.entries.clear();
    w.marks.clear();
    watches.delete(w.dir);
    w.watcher.close();
  };
  const closeAll = (): void => {
    for (const w of [...watches.values()]) closeUnder(w.dir);
  };
  const onEvent = (w: Watch, name: string | null): void => {
    countInotifyEvent();
    if (!w.live) return;
    // No name, the folder's own name (inotify reports events on the folder itself under it) or
    // a name that did not decode: anything may have changed, so nothing here is trusted.
    // A name beyond ASCII may case-fold to another (ß, ſ, K): the folder's facts all go.
    if (name === null || name === '' || name === basename(w.dir) || name.includes('\ufffd') || name.includes('/') || !isAscii(name)) {
      closeUnder(w.dir);
      return;
    }
    w.entries.deleteFolded(name);
    w.marks.deleteFolded(name);
    closeUnder(w.dir === '/' ? `/${name}` : `${w.dir}/${name}`);
  };

  const rootOf = (dir: string): string | undefined => {
    let best: string | undefined;
    for (const root of roots) if (isPathInside(dir, root) && (!best || root.length > best.length)) best = root;
    return best;
  };

  const open = (dir: string, isRoot: boolean): Watch | undefined => {
    try {
      if (!fsTypes.has(statfsSync(dir).type)) {
        if (refused.size >= MAX_WATCHED) refused.clear();
        refused.add(dir);
        return undefined;
      }
      // The identity first: a move of the root after it shows in `verify` (a move between the
      // stat and the watch shows too, as another identity: the watch is then closed).
      const id = isRoot ? statSync(dir) : undefined;
      const w = { dir, entries: new FactMap(), marks: new FactMap(), live: true } as Watch;
      w.watcher = watchFolder(dir, { persistent: false }, (_event, name) => onEvent(w, name as string | null));
      w.watcher.on('error', () => closeUnder(dir));
      watches.set(dir, w);
      if (id) held.set(dir, { dev: id.dev, ino: id.ino });
      return w;
    } catch {
      // Missing, not a folder, out of inotify watches: the caller stats, as without a watch.
      return undefined;
    }
  };

  const folder = (dir: string): Watch | undefined => {
    const known = watches.get(dir);
    if (known) return known;
    if (!started || disposed || refused.has(dir)) return undefined;
    const root = rootOf(dir);
    if (root === undefined) return undefined;
    // Below the root only ASCII names are watched: case folding beyond ASCII is the file
    // system's (Unicode tables), so a typed name could name an entry whose events never match.
    if (!isAscii(dir.slice(root.length))) return undefined;
    if (watches.size >= MAX_WATCHED) for (const w of [...watches.values()]) closeUnder(w.dir);
    // The folder above first: its events are what tell that `dir` now names another folder.
    if (dir !== root && !folder(parentOf(dir))) return undefined;
    return open(dir, dir === root);
  };

  return {
    folder,
    start: () => {
      // A disposed workspace never watches again (a late settle() or check must not re-arm).
      if (disposed) return;
      started = true;
      unsubscribe ??= onInotifyFlood(closeAll);
    },
    active: () => watches.size > 0,
    verify: () => {
      // Within one settled call the workspace and the ignore rules both ask: one stat answers
      // both (nothing this process does between them can move a root; a new call settles anew).
      const generation = barrierGeneration();
      if (verifiedAt === generation) return verified && held.size > 0;
      for (const [root, id] of held) {
        let now: { dev: number; ino: number } | undefined;
        try {
          now = statSync(root);
        } catch {
          now = undefined;
        }
        if (!now || now.ino !== id.ino || now.dev !== id.dev) closeUnder(root);
      }
      verifiedAt = generation;
      verified = held.size > 0;
      return verified;
    },
    dispose: () => {
      disposed = true;
      closeAll();
      unsubscribe?.();
      unsubscribe = undefined;
      refused.clear();
      started = false;
    },
  };
}

function parentOf(dir: string): string {
  const cut = dir.lastIndexOf('/');
  return cut <= 0 ? '/' : dir.slice(0, cut);
}

function basename(dir: string): string {
  return dir.slice(dir.lastIndexOf('/') + 1);
}
