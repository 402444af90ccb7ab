import { watch, type FSWatcher } from 'node:fs';
import type { WorkspaceRoot } from '@quiver/core';
import { countInotifyEvent, onInotifyFlood, relativeInside, type FolderWatches } from '@quiver/workspace';
import { armRoot, isArmed, type RootArm } from './root-arm.js';
import { createListingMatcher, type ListingMatcher } from './listing-matcher.js';
import { loadRootRules, matchRootRules, rulesChanged, type IgnoreMatch, type RootRules } from './root-rules.js';

/** A match, with the root whose rules matched and the path relative to it. */
export interface RootedMatch extends IgnoreMatch {
  root: WorkspaceRoot;
  relative: string;
}

/** The compiled rules of every root, kept fresh. */
export interface RulesRegistry {
  /**
   * Reload the roots whose ignore files (or includes) changed since they were loaded.
   * `settled`: the caller awaited the workspace's settle barrier since its call began, so a
   * root whose ignore files are still vouched for by the folder watches skips their stat.
   */
  ensureFresh(settled?: boolean): void;
  /** Cheap freshness for hot synchronous paths: with a watcher, only reload after an event. */
  ensureFreshCheap(): void;
  /** Reload every root now. */
  reload(): void;
  /** The first rule ignoring an absolute path, trying every root that contains it. */
  match(absolutePath: string, isDirectory: boolean): RootedMatch | undefined;
  /**
   * A matcher with the same answers as `match`, over the rules as they are now (a later reload
   * does not change it), and cheap for walks: see {@link createListingMatcher}.
   */
  listingMatcher(): ListingMatcher;
  /** True for a file an `!include` line names (P6 protects it like the ignore file). */
  isIncludedFile(absolutePath: string): boolean;
  /** Refused or unreadable includes and ignore files, for the user. */
  problems(): string[];
  /** True when at least one root has an ignore file: otherwise nothing can be ignored. */
  hasRules(): boolean;
  /** A string that changes whenever any root's ignore files or includes change (after `ensureFresh`). */
  version(): string;
  dispose(): void;
}

/**
 * Hold one {@link RootRules} per root. Freshness is checked by stat signature (inode, size,
 * mtime, ctime of each ignore file and include), which needs no timing assumptions; with
 * `watchFiles`, an `fs.watch` on each root folder also marks the rules stale as soon as the
 * ignore file changes, so hot synchronous callers can skip the stat.
 */
export function createRulesRegistry(
  roots: readonly WorkspaceRoot[],
  fileNames: readonly string[],
  watchFiles: boolean,
  folderWatches?: FolderWatches,
): RulesRegistry {
  const rules = new Map<WorkspaceRoot, RootRules>(roots.map((r) => [r, loadRootRules(r, fileNames)]));
  const arms = new Map<WorkspaceRoot, RootArm>();
  const watchers: FSWatcher[] = [];
  let dirty = false;

  const unsubscribe = watchFiles ? onInotifyFlood(() => (dirty = true)) : undefined;
  if (watchFiles) {
    for (const root of roots) {
      try {
        // Any event in the root folder only marks the rules stale; the stat signature then
        // decides whether anything relevant (an ignore file or a root-level include) changed.
        const w = watch(root.path, { persistent: false }, () => {
          countInotifyEvent();
          dirty = true;
        });
        w.on('error', () => (dirty = true));
        watchers.push(w);
      } catch {
        // No watcher (e.g. out of inotify watches): the stat signature still catches changes.
      }
    }
  }

  const ensureFresh = (settled?: boolean): void => {
    dirty = false;
    // verify() before any arm is read: it closes the watches (so disarms) of a root that moved.
    const trusted = settled === true && folderWatches?.verify() === true;
    for (const [root, current] of rules) {
      let arm = arms.get(root);
      if (trusted && arm && isArmed(arm)) {
        // The root's ignore files are unchanged; only the includes (anywhere under the root) are stat'ed.
        if (rulesChanged(current, fileNames.length)) rules.set(root, loadRootRules(root, fileNames));
        continue;
      }
      if (folderWatches && !(arm && isArmed(arm))) {
        // Armed before the stat: a change after the stat makes an event that disarms it again.
        arm?.close();
        arm = armRoot(folderWatches, root.path, fileNames);
        if (arm) arms.set(root, arm);
        else arms.delete(root);
      }
      if (rulesChanged(current)) rules.set(root, loadRootRules(root, fileNames));
    }
  };

  return {
    ensureFresh,
    ensureFreshCheap: () => {
      if (!watchFiles || watchers.length < roots.length || dirty) ensureFresh();
    },
    reload: () => {
      dirty = false;
      for (const root of roots) rules.set(root, loadRootRules(root, fileNames));
    },
    match: (absolutePath, isDirectory) => {
      for (const [root, current] of rules) {
        const relative = relativeInside(absolutePath, root.path);
        if (relative === undefined) continue;
        const hit = matchRootRules(current, relative, isDirectory);
        if (hit) return { ...hit, root, relative };
      }
      return undefined;
    },
    listingMatcher: () => createListingMatcher([...rules.values()]),
    isIncludedFile: (absolutePath) => [...rules.values()].some((r) => r.includes.has(absolutePath)),
    problems: () => [...rules.values()].flatMap((r) => r.problems),
    hasRules: () => [...rules.values()].some((r) => r.matchers.length > 0),
    version: () => [...rules.values()].map((r) => r.signature).join('\n'),
    dispose: () => {
      unsubscribe?.();
      for (const w of watchers.splice(0)) w.close();
      for (const arm of arms.values()) arm.close();
      arms.clear();
    },
  };
}
