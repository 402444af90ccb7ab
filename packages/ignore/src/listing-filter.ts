import { realpathSync, statSync } from 'node:fs';
import type { IgnoreService, WorkspaceRoot } from '@quiver/core';
import { isPathInside } from '@quiver/workspace';

/**
 * Decides, entry by entry, what a directory listing may show and where a recursive walk may
 * go (SPEC P7). Entries are absolute paths; a symlink entry is also judged by its target.
 */
export interface ListingFilter {
  /** True when the entry may be shown: neither it nor (for a symlink) its target is ignored. */
  show(absolutePath: string, isDirectory: boolean, isSymbolicLink?: boolean): boolean;
  /**
   * True when a recursive listing may descend into this directory: it is not ignored and,
   * for a symlink, its target is inside a root and not ignored either.
   */
  descend(absolutePath: string, isSymbolicLink?: boolean): boolean;
  /**
   * The entries of one directory, judged without building their paths: `folder(dir)(name, d)`
   * is `show(`${dir}/${name}`, d)` for an entry that is not a symlink. Walkers take one per
   * directory, then call it per entry; the directory's place in the roots is worked out once.
   * @param absoluteDir - The directory, absolute; `name` is one path component.
   */
  folder(absoluteDir: string): (name: string, isDirectory: boolean) => boolean;
}

/** The matcher a filter needs: `isIgnored` on absolute paths inside a root. */
export type IgnoredTest = (absolutePath: string, isDirectory: boolean) => boolean;

/** `isIgnored` for the entries of one directory: `(dir) => (name, isDir) => isIgnored(dir + '/' + name, isDir)`. */
export type FolderIgnoredTest = (absoluteDir: string) => (name: string, isDirectory: boolean) => boolean;

/**
 * Build a {@link ListingFilter} from an ignore test and the workspace roots. Prefer
 * {@link createListingFilter}, which takes a loaded snapshot of the rules once instead of
 * checking the ignore files for changes on every entry.
 *
 * @param isIgnored - True when an absolute path inside a root is ignored.
 * @param roots - The workspace roots, to keep walks from following links outside.
 * @param ignoredIn - The same test per directory, when the matcher has a cheaper form of it
 *   (default: `isIgnored` on the joined path).
 */
export function listingFilterFrom(isIgnored: IgnoredTest, roots: readonly WorkspaceRoot[], ignoredIn?: FolderIgnoredTest): ListingFilter {
  const insideSomeRoot = (p: string) => roots.some((r) => isPathInside(p, r.path));
  const target = (p: string): { path: string; isDirectory: boolean } | undefined => {
    try {
      const real = realpathSync(p);
      return { path: real, isDirectory: statSync(real).isDirectory() };
    } catch {
      return undefined;
    }
  };
  return {
    show(absolutePath, isDirectory, isSymbolicLink = false) {
      if (isIgnored(absolutePath, isDirectory)) return false;
      if (!isSymbolicLink) return true;
      const t = target(absolutePath);
      return !t || !insideSomeRoot(t.path) || !isIgnored(t.path, t.isDirectory);
    },
    descend(absolutePath, isSymbolicLink = false) {
      if (isIgnored(absolutePath, true)) return false;
      if (!isSymbolicLink) return true;
      const t = target(absolutePath);
      return !!t && t.isDirectory && insideSomeRoot(t.path) && !isIgnored(t.path, true);
    },
    folder(absoluteDir) {
      if (ignoredIn) {
        const ignored = ignoredIn(absoluteDir);
        return (name, isDirectory) => !ignored(name, isDirectory);
      }
      const prefix = absoluteDir.endsWith('/') ? absoluteDir : `${absoluteDir}/`;
      return (name, isDirectory) => !isIgnored(prefix + name, isDirectory);
    },
  };
}

/** An ignore service that can hand out a listing filter over a snapshot of its rules. */
export interface ListingFilterSource {
  listingFilter(): ListingFilter;
}

/**
 * The listing filter for list_files and similar walkers (SPEC P7: ignored entries must not
 * show; walks must not follow links outside). The rules are checked for changes once, here,
 * so filtering a 100k-entry walk costs one match per entry.
 *
 * @param service - The ignore service (from `createIgnoreService`, or any `IgnoreService`
 *   together with the roots).
 * @param roots - Needed only for a foreign `IgnoreService`.
 * @example
 * const filter = createListingFilter(ignore);
 * const visible = entries.filter((e) => filter.show(e.path, e.isDirectory(), e.isSymbolicLink()));
 */
export function createListingFilter(
  service: IgnoreService | (IgnoreService & ListingFilterSource),
  roots: readonly WorkspaceRoot[] = [],
): ListingFilter {
  if ('listingFilter' in service && typeof service.listingFilter === 'function') return withFolder(service.listingFilter());
  return listingFilterFrom((p, d) => service.isIgnored(p, d), roots);
}

/**
 * A filter from another implementation may predate `folder`: walkers call it for every
 * directory, so one is made from `show` rather than letting the walk die on a TypeError.
 */
function withFolder(filter: ListingFilter): ListingFilter {
  if (typeof filter.folder === 'function') return filter;
  return {
    show: (p, d, l) => filter.show(p, d, l),
    descend: (p, l) => filter.descend(p, l),
    folder(absoluteDir) {
      const prefix = absoluteDir.endsWith('/') ? absoluteDir : `${absoluteDir}/`;
      return (name, isDirectory) => filter.show(prefix + name, isDirectory, false);
    },
  };
}
