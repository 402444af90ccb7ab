import { readdirSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import type { ListingFilter } from '@quiver/ignore';
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
}

/**
 * A folder changed less than this before it was read may change again within the same
 * timestamp tick, unseen by its mtime; such a folder is read again until it is older.
 */
const RACY_NS = 1_000_000_000n;

/**
 * The masks of a workspace, cached per ignore-file version and kept fresh by folder mtimes:
 * creating, deleting or renaming an entry changes its folder's mtime, so each call stats every
 * shown folder (no file, no hidden folder) and reads again only the folders that changed (or
 * changed too recently to trust their mtime). A new `.env` deep in the tree is masked on the
 * very next command; a new ignore-file version reads everything again. Before reuse, every
 * mask is checked to still be there with the same kind: bubblewrap must never create a
 * missing mount point.
 */
export function createMaskCache(source: MaskSource): { masks(): MaskEntry[]; invalidate(): void } {
  let version: string | undefined;
  let dirs = new Map<string, DirState>();
  let last: MaskEntry[] | undefined;
  return {
    masks() {
      const now = source.version();
      if (now !== version) {
        version = now;
        dirs = new Map();
      }
      const filter = lazy(() => source.filter());
      const visible = lazy(() => new Set(source.visible?.() ?? []));
      const next = new Map<string, DirState>();
      let changed = dirs.size === 0;
      const masks: MaskEntry[] = [];
      const stack = [...source.roots];
      while (stack.length > 0) {
        const dir = stack.pop()!;
        let state = dirs.get(dir);
        const mtimeNs = mtimeNsOf(dir);
        if (!state || mtimeNs === undefined || state.mtimeNs !== mtimeNs || state.scannedNs - mtimeNs < RACY_NS) {
          const scannedNs = BigInt(Date.now()) * 1_000_000n;
          const scanned = scanDir(dir, filter(), visible());
          if (!state || !sameMasks(state.masks, scanned.masks)) changed = true;
          state = { ...scanned, mtimeNs: mtimeNs ?? -1n, scannedNs };
        }
        next.set(dir, state);
        masks.push(...state.masks);
        stack.push(...state.subdirs);
      }
      if (next.size !== dirs.size) changed = true;
      dirs = next;
      if (!changed && last && last.every(stillThere)) return last;
      return (last = sortMasks(masks));
    },
    invalidate() {
      version = undefined;
      dirs = new Map();
      last = undefined;
    },
  };
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
