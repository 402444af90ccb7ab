import type { FileHandle } from 'node:fs/promises';
import { homedir } from 'node:os';
import { posix } from 'node:path';
import { ERROR_CODES, parseWorkspaceHint, quiverError, type ResolvedPath, type WorkspaceRoot, type WorkspaceService } from '@quiver/core';
import { createFolderWatches, type FolderWatchOptions, type FolderWatches } from './folder-watches.js';
import { isPathInside, relativeInside } from './is-path-inside.js';
import { malformedReason } from './malformed-reason.js';
import { openConfined, type OpenFlags } from './open-confined.js';
import { realizeRoots, type RootInput } from './realize-roots.js';
import { resolvePhysical, resolvePhysicalSync, type WalkCache } from './resolve-physical.js';
import { settleBarrier } from './settle-barrier.js';

/** Options for {@link Workspace.resolve}. */
export interface ResolveOptions {
  /** Root to resolve against (default: the `@name:` hinted root, else the primary root). */
  base?: WorkspaceRoot;
  /**
   * Absolute directory relative paths start from instead of the root, e.g. a shell
   * command's working directory. It is resolved physically like the path itself.
   */
  cwd?: string;
  /**
   * The caller awaited {@link Workspace.settle}'s promise after its call began: facts the
   * folder watchers still hold may stand in for the walk's lstat calls (`resolveSync` only).
   */
  settled?: boolean;
}

/** Options for {@link createWorkspace}. */
export interface WorkspaceOptions {
  /**
   * Watch the folders paths resolve through (`fs.watch`, on local file systems only) so a
   * settled `resolveSync` can skip their lstat calls; options are for tests. Off unless asked for:
   * only a host that owns its process should watch (every `fs.watch` of a process shares one
   * inotify queue, whose overflow libuv drops silently). @default false
   */
  watch?: boolean | FolderWatchOptions;
}

/** The workspace service of `@quiver/workspace`: {@link WorkspaceService} plus P8 helpers. */
export interface Workspace extends WorkspaceService {
  resolve(input: string, options?: ResolveOptions): Promise<ResolvedPath>;
  resolveSync(input: string, options?: ResolveOptions): ResolvedPath;
  /**
   * While folders are watched: a promise to await before a `settled` `resolveSync`, resolved
   * once every watcher event for a change made before this call has arrived (two event-loop
   * hops). Undefined when nothing is watched: there is nothing to settle.
   */
  settle(): Promise<void> | undefined;
  /** Stop watching folders. */
  dispose(): void;
  /**
   * Open a resolved path so that the opened object is inside its root (SPEC P8), even if a
   * symlink was swapped after the check. See {@link openConfined}.
   */
  openConfined(resolved: ResolvedPath, flags?: OpenFlags, mode?: number): Promise<FileHandle>;
  /**
   * Resolve `resolved.resolved` again and throw `QUIVER_ERR_PATH_OUTSIDE` (rule P8) when it is
   * no longer inside a root or now points somewhere else. Returns the fresh resolution.
   */
  assertStillInside(resolved: ResolvedPath): Promise<ResolvedPath>;
}

/**
 * Create the workspace service: realpath'd roots with unique names, `@name:` hints, and path
 * resolution as SPEC P1–P4 say (P8 helpers included).
 *
 * @param roots - Root folders, first one primary; `{ name, path }` sets the hint name.
 * @example
 * const ws = await createWorkspace(['/repo', { name: 'docs', path: '/srv/docs' }]);
 * const p = await ws.resolve('@docs:guide/intro.md');
 * if (!p.inside) console.log('outside the workspace');
 */
export async function createWorkspace(roots: readonly RootInput[], options: WorkspaceOptions = {}): Promise<Workspace> {
  const list = Object.freeze(await realizeRoots(roots));
  const watchOptions = typeof options.watch === 'object' ? options.watch : undefined;
  const watches = !options.watch
    ? undefined
    : createFolderWatches(
        list.map((r) => r.path),
        watchOptions,
      );
  const recording: WalkCache | undefined = watches && { watches, settled: false };
  const trusting: WalkCache | undefined = watches && { watches, settled: true };
  let settledOnce = false;
  const byName = new Map(list.map((r) => [r.name, r]));

  const rootOf = (absolutePath: string): WorkspaceRoot | undefined => {
    let best: WorkspaceRoot | undefined;
    for (const root of list) {
      // The deepest root wins, so nested roots keep their own rules.
      if (isPathInside(absolutePath, root.path) && (!best || root.path.length > best.path.length)) best = root;
    }
    return best;
  };

  const splitHint = (text: string): { root?: WorkspaceRoot; rest: string } => {
    const hint = parseWorkspaceHint(text);
    if (!hint) return { rest: text };
    const root = byName.get(hint.name);
    if (!root) {
      const names = list.map((r) => r.name).join(', ');
      throw quiverError(ERROR_CODES.WORKSPACE_HINT, `"@${hint.name}:" names no workspace root. Known roots: ${names}.`, { key: hint.name });
    }
    return { root, rest: hint.rest };
  };

  const resolveSync = (input: string, options: ResolveOptions = {}): ResolvedPath => {
    // Only a known root name makes a hint; anything else stays in the path, where P2
    // rejects its colon.
    const hint = parseWorkspaceHint(input);
    const hinted = hint ? byName.get(hint.name) : undefined;
    const rest = hinted && hint ? hint.rest : input;
    const root = hinted ?? options.base ?? list[0];
    const reason = malformedReason(rest);
    if (reason) {
      throw quiverError(
        ERROR_CODES.PATH_MALFORMED,
        `Path ${JSON.stringify(rest)} is malformed: it ${reason} (rule P2). Write a plain POSIX path relative to the workspace root.`,
        { rule: 'P2' },
      );
    }
    const { start, path, lexical } = startingPoint(rest, root, options.cwd);
    const physical = resolvePhysicalSync(start, path, options.settled && watches?.verify() ? trusting : recording);
    return describe(rest, root, lexical, physical, rootOf);
  };
  // The walk makes only synchronous metadata calls: the promise is the interface's.
  const resolve = async (input: string, options?: ResolveOptions): Promise<ResolvedPath> => resolveSync(input, options);

  const workspace: Workspace = {
    roots: list,
    primary: list[0],
    splitHint,
    rootOf,
    resolve,
    resolveSync,
    settle: () => {
      if (!watches) return undefined;
      if (watches.active()) return settleBarrier();
      // Watching starts at the second settle: a process that makes one call pays nothing for it.
      if (settledOnce) watches.start();
      settledOnce = true;
      return undefined;
    },
    dispose: () => watches?.dispose(),
    openConfined: (resolved, flags, mode) => openConfined(resolved, flags, mode),
    assertStillInside: async (resolved) => {
      // Straight to P3: the stored physical path needs no P1/P2, and may legally hold
      // characters P2 refuses in model input (a symlink target's name, say).
      const physical = await resolvePhysical('/', resolved.resolved);
      const again = describe(resolved.input, resolved.root, resolved.lexical, physical, rootOf);
      if (!again.inside || again.resolved !== resolved.resolved) {
        throw quiverError(
          ERROR_CODES.PATH_OUTSIDE,
          `Path "${resolved.input}" changed after it was checked (now "${again.resolved}"). It was not used; retry the operation.`,
          { rule: 'P8' },
        );
      }
      return again;
    },
  };
  if (watches) watchesOf.set(workspace, watches);
  return Object.freeze(workspace);
}

const watchesOf = new WeakMap<object, FolderWatches>();

/**
 * The folder watches of a workspace made by {@link createWorkspace} (undefined for any other
 * workspace service, or with `watch: false`), so the ignore rules can share them (internal).
 */
export function folderWatchesOf(workspace: object): FolderWatches | undefined {
  return watchesOf.get(workspace);
}

/** P1: where the walk starts and the lexical (symlink-blind) absolute path. */
function startingPoint(rest: string, root: WorkspaceRoot, cwd?: string): { start: string; path: string; lexical: string } {
  if (rest === '~' || rest.startsWith('~/')) {
    const home = process.env.HOME || homedir();
    const path = `${home}${rest.slice(1)}`;
    return { start: '/', path, lexical: posix.resolve(path) };
  }
  if (rest.startsWith('/')) return { start: '/', path: rest, lexical: posix.resolve(rest) };
  if (cwd) {
    const dir = posix.resolve(root.path, cwd);
    return { start: '/', path: `${dir}/${rest}`, lexical: posix.resolve(dir, rest) };
  }
  return { start: root.path, path: rest, lexical: plainRelative(rest) ? joinRoot(root.path, rest) : posix.resolve(root.path, rest) };
}

/**
 * True for a relative path `posix.resolve` would leave as it is: no `.` or `..` component, no
 * empty one (`a//b`, a trailing `/`), nothing but printable ASCII. Such a path joined to the root
 * is already its lexical form, and every path-taking call resolves one.
 */
function plainRelative(rest: string): boolean {
  const n = rest.length;
  if (n === 0 || rest.charCodeAt(0) === 0x2f /* / */ || rest.charCodeAt(n - 1) === 0x2f) return false;
  let componentStart = true;
  for (let i = 0; i < n; i++) {
    const c = rest.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f) return false;
    if (c === 0x2f) {
      if (componentStart) return false;
      componentStart = true;
      continue;
    }
    // A component that is `.` or `..` starts with a dot; so do dotfiles, which are fine.
    if (componentStart && c === 0x2e) {
      const next = i + 1 < n ? rest.charCodeAt(i + 1) : 0x2f;
      if (next === 0x2f || (next === 0x2e && (i + 2 >= n || rest.charCodeAt(i + 2) === 0x2f))) return false;
    }
    componentStart = false;
  }
  return true;
}

function joinRoot(root: string, rest: string): string {
  return root === '/' ? `/${rest}` : `${root}/${rest}`;
}

function describe(
  input: string,
  root: WorkspaceRoot,
  lexical: string,
  physical: { resolved: string; exists: boolean; isDirectory: boolean },
  rootOf: (p: string) => WorkspaceRoot | undefined,
): ResolvedPath {
  const containingRoot = rootOf(physical.resolved);
  const relative = containingRoot ? (relativeInside(physical.resolved, containingRoot.path) as string) : physical.resolved;
  const resolved: ResolvedPath = {
    input,
    root,
    lexical,
    resolved: physical.resolved,
    inside: containingRoot !== undefined,
    relative,
    exists: physical.exists,
    isDirectory: physical.isDirectory,
  };
  if (containingRoot) resolved.containingRoot = containingRoot;
  const lexicalRelative = relativeInside(lexical, root.path);
  if (lexicalRelative !== undefined) resolved.lexicalRelative = lexicalRelative;
  return resolved;
}
