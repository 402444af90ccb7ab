import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import type { ListingFilter } from '@quiver/ignore';

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
    const dir = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue; // unreadable or vanished: nothing to mask there that a command could read either
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      const link = entry.isSymbolicLink();
      const directory = entry.isDirectory() || (link && isDirectoryTarget(path));
      if (!visible.has(path) && !filter.show(path, directory, link)) {
        // bubblewrap mounts over a link's target, so name the target; a dangling link hides nothing.
        const target = link ? realTarget(path) : path;
        if (target) masks.push({ path: target, directory });
        continue;
      }
      if (entry.isDirectory() && !SKIP_DIRS.has(entry.name)) stack.push(path);
    }
  }
  return masks.sort((a, b) => (a.path < b.path ? -1 : 1));
}

function realTarget(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function isDirectoryTarget(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

interface CacheEntry {
  key: string;
  masks: MaskEntry[];
}

/**
 * The masks of a workspace, cached per ignore-file version (and the roots' own mtimes, so a
 * `.env` created at the top is seen at once). Before reuse, every cached mask is checked to
 * still be there with the same kind: bubblewrap must never create a missing mount point.
 */
export function createMaskCache(source: MaskSource): { masks(): MaskEntry[]; invalidate(): void } {
  let cache: CacheEntry | undefined;
  const keyOf = (): string => `${source.version()}\n${source.roots.map(mtimeOf).join(',')}`;
  return {
    masks() {
      const key = keyOf();
      if (cache && cache.key === key && cache.masks.every(stillThere)) return cache.masks;
      cache = { key, masks: walkMasks(source.roots, source.filter(), new Set(source.visible?.() ?? [])) };
      return cache.masks;
    },
    invalidate() {
      cache = undefined;
    },
  };
}

function mtimeOf(path: string): string {
  try {
    const s = statSync(path, { bigint: true });
    return `${s.mtimeNs}`;
  } catch {
    return 'missing';
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
