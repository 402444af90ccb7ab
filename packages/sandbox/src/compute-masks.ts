import { readdirSync, statSync, type Dirent } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ListingFilter } from '@quiver/ignore';
import { createFolderWatch } from './folder-watch.js';
import { isDirectory, realPathOf } from './fs-checks.js';

/** One path to hide inside the sandbox: an empty file or an empty folder goes over it. */
export interface MaskEntry {
  path: string;
  directory: boolean;
}

/** Where masks come from: the roots and the ignore service's rules. */
export interface MaskSource {
  roots: readonly string[];
  /** Changes whenever the ignore files change. */
  version(): string;
  /** A filter over the rules as they are now. */
  filter(): ListingFilter;
  /** Paths never masked even when the listing hides them: the ignore files (read-only, not hidden). */
  visible?(): readonly string[];
}

/** Folders never walked for masks: `.git` is read-only inside anyway, and huge. */
const SKIP_DIRS = new Set(['.git']);

/**
 * Walk the roots and list every entry the ignore rules hide, without descending into a hidden
 * folder (its mask covers all of it). Symbolic links are not followed; for a hidden link its
 * target is masked (bubblewrap mounts over targets), which hides it at the link's path too.
 */
export function walkMasks(roots: readonly string[], filter: ListingFilter, visible: ReadonlySet<string> = new Set()): MaskEntry[] {
  const masks: MaskEntry[] = [];
  const stack = [...roots];
  while (stack.length > 0) {
    const scanned = scanDir(stack.pop()!, filter, visible);
    masks.push(...scanned.masks);
    stack.push(...scanned.subdirs);
  }
  return sortMasks(masks);
}

/** One folder's own entries: the hidden ones (masks) and the shown folders to walk on. */
interface Scanned {
  masks: MaskEntry[];
  subdirs: string[];
}

function scanDir(dir: string, filter: ListingFilter, visible: ReadonlySet<string>): Scanned {
  const out: Scanned = { masks: [], subdirs: [] };
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out; // unreadable or vanished: nothing to mask there that a command could read either
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    const link = entry.isSymbolicLink();
    const directory = entry.isDirectory() || (link && isDirectory(path));
    if (!visible.has(path) && !filter.show(path, directory, link)) {
      // bubblewrap mounts over a link's target, so name the target; a dangling link hides nothing.
      const target = link ? realPathOf(path) : path;
      if (target) out.masks.push({ path: target, directory });
      continue;
    }
    if (entry.isDirectory() && !SKIP_DIRS.has(entry.name)) out.subdirs.push(path);
  }
  return out;
}

function sortMasks(masks: MaskEntry[]): MaskEntry[] {
  return masks.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** A scanned folder: its mtime when read, and when it was read (both in ns, wall clock). */
interface DirState extends Scanned {
  mtimeNs: bigint;
  scannedNs: bigint;
  /** Watched since before it was read: an event, not its mtime, says it changed. */
  watched: boolean;
}

/**
 * A folder changed less than this before it was read may change again within the same
 * timestamp tick, unseen by its mtime; such a folder is read again until it is older.
 */
const RACY_NS = 1_000_000_000n;

/** Options of {@link createMaskCache}. */
export interface MaskCacheOptions {
  /** Watch the shown folders (inotify) instead of a stat of each per call. @default true */
  watch?: boolean;
  /** How many folders may be watched (the rest are stat'ed). @default a quarter of the inotify watches, at most 16,384 */
  maxWatches?: number;
}

/** The masks of a workspace, kept fresh (see {@link createMaskCache}). */
export interface MaskCache {
  masks(): Promise<MaskEntry[]>;
  /**
   * Goes up on every {@link MaskCache.masks} call that had anything to check again (a folder
   * event, an unwatched folder, a mask reached through a link, new ignore files), whether or
   * not the masks changed: a mount made before it may sit on a folder that has been replaced.
   */
  generation(): number;
  invalidate(): void;
  /** Stop watching. */
  dispose(): void;
}

/**
 * The masks of a workspace, cached per ignore-file version and kept fresh: creating,
 * deleting or renaming an entry is an inotify event on its folder (every shown folder is
 * watched, from before it is read), so a call first lets the event loop take every event
 * queued so far, then reads again only the folders that had one. With nothing changed it
 * costs no stat at all. A folder that cannot be watched (inotify watches used up, over the
 * cap) is stat'ed instead and read again when its mtime changed (or changed too recently to
 * trust). A new `.env` deep in the tree is masked on the very next command; a new
 * ignore-file version reads everything again. A mask found through a link is checked to
 * still be there with the same kind (its target's folder is not watched): bubblewrap must
 * never create a missing mount point.
 */
export function createMaskCache(source: MaskSource, options: MaskCacheOptions = {}): MaskCache {
  const folders = options.watch === false ? undefined : createFolderWatch(options.maxWatches);
  let version: string | undefined;
  let dirs = new Map<string, DirState>();
  let last: MaskEntry[] | undefined;
  let linked: MaskEntry[] = [];
  let unwatched = 0;
  let generation = 0;
  const reset = () => {
    version = undefined;
    for (const dir of dirs.keys()) folders?.forget(dir);
    dirs = new Map();
    last = undefined;
  };
  return {
    async masks() {
      await folders?.settle();
      const now = source.version();
      if (now !== version) {
        reset();
        version = now;
      }
      // A mask through a link is only checked to exist; one made earlier may sit on a target
      // replaced since, so with such masks every call counts as a new generation.
      if (last && unwatched === 0 && folders?.changes() === 0 && linked.every(stillThere)) {
        if (linked.length > 0) generation++;
        return last;
      }
      generation++;
      folders?.resetChanges();
      const filter = lazy(() => source.filter());
      const visible = lazy(() => new Set(source.visible?.() ?? []));
      const next = new Map<string, DirState>();
      let changed = dirs.size === 0;
      const masks: MaskEntry[] = [];
      const stack = [...source.roots];
      unwatched = 0;
      linked = [];
      while (stack.length > 0) {
        const dir = stack.pop()!;
        let state = dirs.get(dir);
        if (!state || !fresh(state, dir)) {
          const watched = folders?.watch(dir) ?? false;
          const mtimeNs = watched ? 0n : mtimeNsOf(dir);
          const scannedNs = BigInt(Date.now()) * 1_000_000n;
          const scanned = scanDir(dir, filter(), visible());
          if (!state || !sameMasks(state.masks, scanned.masks)) changed = true;
          state = { ...scanned, mtimeNs: mtimeNs ?? -1n, scannedNs, watched };
        }
        if (!state.watched) unwatched++;
        next.set(dir, state);
        masks.push(...state.masks);
        for (const m of state.masks) if (dirname(m.path) !== dir) linked.push(m);
        stack.push(...state.subdirs);
      }
      for (const dir of dirs.keys()) if (!next.has(dir)) folders?.forget(dir);
      if (next.size !== dirs.size) changed = true;
      dirs = next;
      if (!changed && last) return last;
      return (last = sortMasks(masks));
    },
    generation: () => generation,
    invalidate: reset,
    dispose() {
      reset();
      folders?.close();
    },
  };

  /** Whether a folder's state still holds: no event (or the same old mtime), and its masks through links still there. */
  function fresh(state: DirState, dir: string): boolean {
    if (!state.masks.every((m) => dirname(m.path) === dir || stillThere(m))) return false;
    if (state.watched) return folders!.unchanged(dir);
    const mtimeNs = mtimeNsOf(dir);
    return mtimeNs !== undefined && state.mtimeNs === mtimeNs && state.scannedNs - mtimeNs >= RACY_NS;
  }
}

function lazy<T>(make: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: make() }).v;
}

function sameMasks(a: readonly MaskEntry[], b: readonly MaskEntry[]): boolean {
  return a.length === b.length && a.every((m, i) => m.path === b[i]!.path && m.directory === b[i]!.directory);
}

function mtimeNsOf(path: string): bigint | undefined {
  try {
    return statSync(path, { bigint: true, throwIfNoEntry: false })?.mtimeNs;
  } catch {
    return undefined;
  }
}

function stillThere(mask: MaskEntry): boolean {
  try {
    const s = statSync(mask.path);
    return s.isDirectory() === mask.directory;
  } catch {
    return false;
  }
}
