import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import type { RootedMatch } from './rules-registry.js';

/** What a walk for {@link findIgnoredEntry} needs. */
export interface EntryWalkOptions {
  /** The ignore match for an absolute path (undefined when not ignored or outside). */
  match(absolutePath: string, isDirectory: boolean): RootedMatch | undefined;
  /** True for a path inside a workspace root. */
  isInside(absolutePath: string): boolean;
  /** Most entries to look at; beyond it the walk reports `limit`. @default 200000 */
  limit?: number;
}

/** The walk's finding: an ignored entry, an unreadable directory, or too much to check. */
export type EntryWalkResult =
  | { kind: 'ignored'; path: string; match: RootedMatch }
  | { kind: 'unreadable'; path: string; code: string }
  | { kind: 'limit'; path: string };

/**
 * Look for an ignored entry at any depth below a directory (SPEC I4). Symlinks are judged by
 * their own path and by their target; linked directories inside the workspace are walked too
 * (once each), since `grep -R`, `cp -L` and friends follow them. Stops at the first finding.
 *
 * @param dir - Absolute physical directory to walk.
 * @param options - The matcher and the limit.
 * @returns The first finding, or `undefined` when the tree holds nothing ignored.
 */
export function findIgnoredEntry(dir: string, options: EntryWalkOptions): EntryWalkResult | undefined {
  let left = options.limit ?? 200_000;
  const visited = new Set<string>([dir]);
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    let entries: Dirent[];
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? 'EIO';
      if (code === 'ENOENT') continue;
      return { kind: 'unreadable', path: current, code };
    }
    left -= entries.length;
    if (left < 0) return { kind: 'limit', path: dir };
    for (const entry of entries) {
      const abs = current === '/' ? `/${entry.name}` : `${current}/${entry.name}`;
      const found = entry.isSymbolicLink()
        ? checkLink(abs, options, visited, stack)
        : checkPlain(abs, entry.isDirectory(), options, visited, stack);
      if (found) return found;
    }
  }
  return undefined;
}

function checkPlain(
  abs: string,
  isDirectory: boolean,
  options: EntryWalkOptions,
  visited: Set<string>,
  stack: string[],
): EntryWalkResult | undefined {
  const match = options.match(abs, isDirectory);
  if (match) return { kind: 'ignored', path: abs, match };
  if (isDirectory && !visited.has(abs)) {
    visited.add(abs);
    stack.push(abs);
  }
  return undefined;
}

function checkLink(abs: string, options: EntryWalkOptions, visited: Set<string>, stack: string[]): EntryWalkResult | undefined {
  let real: string | undefined;
  let isDirectory = false;
  try {
    real = realpathSync(abs);
    isDirectory = statSync(real).isDirectory();
  } catch {
    real = undefined;
  }
  const lexical = options.match(abs, isDirectory);
  if (lexical) return { kind: 'ignored', path: abs, match: lexical };
  if (!real || !options.isInside(real)) return undefined;
  const target = options.match(real, isDirectory);
  if (target) return { kind: 'ignored', path: abs, match: target };
  if (isDirectory && !visited.has(real)) {
    visited.add(real);
    stack.push(real);
  }
  return undefined;
}
