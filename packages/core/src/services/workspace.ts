/** A workspace root: a folder the tools work in. `path` is already resolved with realpath. */
export interface WorkspaceRoot {
  /** Short name, used by `@name:path` hints (defaults to the folder's basename). */
  name: string;
  /** Absolute, physical path of the root. */
  path: string;
}

/** A path after P1–P4: where it points, physically, and whether that is inside a root. */
export interface ResolvedPath {
  /** The path as the model wrote it (after any `@name:` hint was removed). */
  input: string;
  /** The root the path was resolved against. */
  root: WorkspaceRoot;
  /** Absolute path, normalised lexically (no symlinks followed). */
  lexical: string;
  /** Absolute physical path: every symlink followed, a missing tail appended lexically (P3). */
  resolved: string;
  /** True when `resolved` is a root or below one (P4), compared component-wise. */
  inside: boolean;
  /** The root that contains `resolved`, when inside. */
  containingRoot?: WorkspaceRoot;
  /** POSIX path relative to the containing root (`.` for the root itself); `resolved` when outside. */
  relative: string;
  /** POSIX path of `lexical` relative to `root`, when the lexical path is inside it. */
  lexicalRelative?: string;
  exists: boolean;
  isDirectory: boolean;
}

/**
 * Workspace roots and path resolution (SPEC P1–P4). Registered as `core.workspace`.
 * Resolution throws a `QuiverError` (`QUIVER_ERR_PATH_MALFORMED`, rule P2, or
 * `QUIVER_ERR_PATH_RESOLVE`, rule P3) for paths it must deny.
 */
export interface WorkspaceService {
  readonly roots: readonly WorkspaceRoot[];
  /** The first root; relative paths without a hint resolve against it. */
  readonly primary: WorkspaceRoot;
  /** Split an `@name:rest` hint off a path or command. Unknown names throw `QUIVER_ERR_WORKSPACE_HINT`. */
  splitHint(text: string): { root?: WorkspaceRoot; rest: string };
  /** Resolve a path as P1–P4 say, relative to `base` (default: the hinted root or the primary root). */
  resolve(input: string, options?: { base?: WorkspaceRoot }): Promise<ResolvedPath>;
  /**
   * {@link WorkspaceService.resolve}, synchronously, when the service can (the same answer; the
   * same errors, thrown). The ignore-rules gate uses it so a path check costs no promise.
   * `settled`: the caller awaited {@link WorkspaceService.settle} after its call began.
   */
  resolveSync?(input: string, options?: { base?: WorkspaceRoot; settled?: boolean }): ResolvedPath;
  /**
   * When the service (or the ignore service over it) caches file-system facts that watchers
   * keep true: a promise resolved once every watcher event for a change made before this call
   * has arrived. Await it, then pass `settled: true` to `resolveSync` and `checkPathSync`.
   * Undefined when nothing is cached: answer synchronously, unsettled.
   */
  settle?(): Promise<void> | undefined;
  /** The root containing an absolute physical path, if any. */
  rootOf(absolutePath: string): WorkspaceRoot | undefined;
}
