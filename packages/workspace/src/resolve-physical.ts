// Synchronous lstat/readlink on purpose: a walk is a handful of tiny metadata calls, and the
// thread-pool round trip of the async forms cost ~20x more than the calls themselves on the
// hot path of every path-taking tool call.
import { lstatSync, readlinkSync } from 'node:fs';
import { ERROR_CODES, quiverError } from '@quiver/core';
import { isAscii, type FolderWatches } from './folder-watches.js';

/** Linux's MAXSYMLINKS: a path walk that follows more links than this fails with ELOOP. */
export const MAX_SYMLINK_HOPS = 40;
/** Linux's NAME_MAX, in bytes. */
const NAME_MAX = 255;
/** Linux's PATH_MAX, in bytes, including the terminating NUL. */
const PATH_MAX = 4096;

/** Where a path physically points (SPEC P3). */
export interface PhysicalPath {
  /** Absolute path with every symlink followed; a missing tail is appended lexically. */
  resolved: string;
  /** True when `resolved` exists (it may be a file, directory or special file). */
  exists: boolean;
  /** True when `resolved` exists and is a directory. */
  isDirectory: boolean;
}

type Kind = 'dir' | 'file' | 'missing';
/** What one entry is: a kind, or a symlink's target. */
type Entry = Kind | { readonly link: string };

/** Entries past this many in one folder are not remembered (the folder's facts start again). */
const MAX_ENTRIES_PER_FOLDER = 4096;

/**
 * Where a walk may learn and reuse entry facts. `settled`: the caller waited for
 * `settleBarrier` after its call began, so every change made before then has reached the
 * watchers and a fact still in a live watch is true now. Unsettled walks only record facts.
 */
export interface WalkCache {
  readonly watches: FolderWatches;
  readonly settled: boolean;
}

interface WalkState {
  current: string;
  kind: Kind;
  /** How many trailing components of `current` do not exist (a lexical tail). */
  missing: number;
  hops: number;
}

/**
 * Resolve `path` the way the kernel does (SPEC P3): components left to right, every symlink
 * followed (also in the last position), `..` applied to the already-resolved prefix, and a
 * tail that does not exist appended lexically to the deepest existing ancestor. Errors other
 * than "does not exist" (ELOOP, ENOTDIR, ENAMETOOLONG, EACCES, ...) throw
 * `QUIVER_ERR_PATH_RESOLVE` with rule `P3`.
 *
 * @param start - Absolute physical directory the walk starts from (a realpath'd root, or `/`).
 * @param path - The path to walk; when absolute, the walk starts at `/` instead.
 * @example
 * await resolvePhysical('/w', 'link-out-dir/..'); // the parent of the link's target
 */
export async function resolvePhysical(start: string, path: string): Promise<PhysicalPath> {
  return resolvePhysicalSync(start, path);
}

/** {@link resolvePhysical}, synchronously (it makes only synchronous metadata calls). */
export function resolvePhysicalSync(start: string, path: string, cache?: WalkCache): PhysicalPath {
  // A UTF-16 unit is at most 3 UTF-8 bytes: short paths need no byte count.
  if (path.length * 3 >= PATH_MAX && Buffer.byteLength(path) >= PATH_MAX) throw resolveError(path, 'ENAMETOOLONG');
  const state: WalkState = { current: path.startsWith('/') ? '/' : start, kind: 'dir', missing: 0, hops: 0 };
  const pending: string[] = [];
  pushComponents(pending, path);
  while (pending.length > 0) {
    step(state, pending.pop() as string, pending, path, cache);
  }
  return { resolved: state.current, exists: state.kind !== 'missing', isDirectory: state.kind === 'dir' };
}

/** Push a path's components so that `pop()` yields them left to right. A trailing `/` means "must be a directory", like the kernel. */
function pushComponents(stack: string[], path: string): void {
  const parts = path.split('/').filter((p) => p !== '');
  if (path.endsWith('/') && parts.length > 0) parts.push('.');
  for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]);
}

function step(state: WalkState, name: string, pending: string[], input: string, cache: WalkCache | undefined): void {
  if (name === '.' || name === '..') {
    if (state.kind === 'file') throw resolveError(input, 'ENOTDIR', state.current);
    if (name === '..') ascend(state);
    return;
  }
  if (name.length * 3 > NAME_MAX && Buffer.byteLength(name) > NAME_MAX) throw resolveError(input, 'ENAMETOOLONG', name);
  if (state.kind === 'file') throw resolveError(input, 'ENOTDIR', state.current);
  const next = state.current === '/' ? `/${name}` : `${state.current}/${name}`;
  if (state.kind === 'missing') {
    // Below a missing directory nothing can exist yet: the tail is lexical.
    state.current = next;
    state.missing++;
    return;
  }
  const entry = cache ? entryVia(cache, state.current, name, next, input) : entryOf(next, input);
  if (typeof entry === 'object') {
    if (++state.hops > MAX_SYMLINK_HOPS) throw resolveError(input, 'ELOOP', next);
    const target = entry.link;
    if (target.startsWith('/')) state.current = '/';
    pushComponents(pending, target);
    return;
  }
  const kind = entry;
  state.current = next;
  state.kind = kind;
  if (kind === 'missing') state.missing = 1;
}

function ascend(state: WalkState): void {
  const cut = state.current.lastIndexOf('/');
  state.current = cut <= 0 ? '/' : state.current.slice(0, cut);
  if (state.missing > 0) state.missing--;
  // Once the lexical tail is gone we are back on an existing directory, so the walk
  // lstat()s again: `missing/../link` must still follow `link`.
  state.kind = state.missing > 0 ? 'missing' : 'dir';
}

/**
 * `name` in the folder `dir` (its path `next`): a fact of the folder's live watch when the walk
 * is settled, else looked up and recorded. The watch is set up before the lookup, so a change
 * after the lookup makes an event that deletes the fact (errors are never recorded).
 */
function entryVia(cache: WalkCache, dir: string, name: string, next: string, input: string): Entry {
  // A name beyond ASCII may name, on a casefold folder, an entry whose events carry another
  // spelling (ſ for s, K for k): such names are always looked up.
  const folder = isAscii(name) ? cache.watches.folder(dir) : undefined;
  if (!folder) return entryOf(next, input);
  if (cache.settled) {
    const known = folder.entries.get(name) as Entry | undefined;
    if (known !== undefined) return known;
  }
  const entry = entryOf(next, input);
  if (folder.live) {
    if (folder.entries.size >= MAX_ENTRIES_PER_FOLDER) folder.entries.clear();
    folder.entries.set(name, entry);
  }
  return entry;
}

function entryOf(path: string, input: string): Entry {
  const kind = lstatKind(path, input);
  return kind === 'link' ? { link: readLink(path, input) } : kind;
}

function lstatKind(path: string, input: string): Kind | 'link' {
  try {
    const st = lstatSync(path);
    if (st.isSymbolicLink()) return 'link';
    return st.isDirectory() ? 'dir' : 'file';
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'missing';
    throw resolveError(input, code ?? 'EIO', path, e);
  }
}

function readLink(path: string, input: string): string {
  try {
    return readlinkSync(path);
  } catch (e) {
    throw resolveError(input, (e as NodeJS.ErrnoException).code ?? 'EIO', path, e);
  }
}

const EXPLAIN: Record<string, string> = {
  ELOOP: 'too many levels of symbolic links',
  ENOTDIR: 'a component used as a directory is not a directory',
  ENAMETOOLONG: 'the name is too long',
  EACCES: 'permission denied',
};

function resolveError(input: string, code: string, at?: string, cause?: unknown) {
  const what = EXPLAIN[code] ?? 'it cannot be resolved';
  const where = at ? ` at "${at}"` : '';
  return quiverError(
    ERROR_CODES.PATH_RESOLVE,
    `Path "${input}" cannot be resolved (${code}: ${what}${where}). Use a path that exists or can be created inside the workspace.`,
    { rule: 'P3', cause },
  );
}
