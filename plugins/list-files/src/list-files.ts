import { closeSync, constants, fstatSync, openSync, promises as fsp, readFileSync, type Dirent } from 'node:fs';
import { homedir } from 'node:os';
import { basename, resolve, sep } from 'node:path';
import { isDefaultIgnoredDir } from './default-ignores.js';
import { compileGitignore, directoryMatcher, type GitignoreFile, type GitignoreLevel } from './gitignore-rules.js';

/** Options of {@link listFiles}. */
export interface ListFilesOptions {
  /** Walk subdirectories (breadth-first). @default false */
  recursive?: boolean;
  /** Stop after this many entries; the result then says the limit was hit. @default Infinity */
  limit?: number;
  /**
   * The workspace's ignore check (`IgnoreService.isIgnored`): entries it rejects are left out,
   * and ignored directories are not entered. Called with absolute paths.
   */
  isIgnored?: (absolutePath: string, isDirectory: boolean) => boolean;
  /**
   * The same check per directory, as what is shown (pass `ListingFilter.folder` of
   * `@quiver/ignore` as it is): `shownIn(dir)(name, isDir)` must equal
   * `!isIgnored(`${dir}/${name}`, isDir)`. When given, the entries of each directory are judged
   * with it, without building their absolute paths; `isIgnored` (if given) still judges
   * symlink targets.
   */
  shownIn?: (absoluteDir: string) => (name: string, isDirectory: boolean) => boolean;
  /**
   * The old name of {@link ListFilesOptions.shownIn}, with the opposite answer
   * (`ignoredIn(dir)(name, isDir)` is true for an entry left out). Still honoured, so a caller
   * written against it keeps its filtering rather than silently listing everything.
   * @deprecated pass `shownIn` (`ListingFilter.folder` as it is)
   */
  ignoredIn?: (absoluteDir: string) => (name: string, isDirectory: boolean) => boolean;
  /**
   * The workspace root. Symlinked directories are followed only when their target is inside
   * it, and `.gitignore` files between it and `dir` apply too. @default dir
   */
  root?: string;
  /** Give up after this long and return what was found (flagged as truncated). @default 10000 */
  timeoutMs?: number;
  /** Stop early (the partial result is flagged as truncated). */
  signal?: AbortSignal;
  /** Honour `.gitignore` files in a recursive listing. @default true */
  gitignore?: boolean;
  /** Directories read at once. @default 32 */
  concurrency?: number;
}

/** `[paths, didHitLimit]`: paths relative to the listed directory, POSIX, directories ending in `/`. */
export type ListFilesResult = [paths: string[], didHitLimit: boolean];

interface DirTask {
  readonly abs: string;
  /** Physical path; differs from `abs` below a followed symlink. */
  readonly real: string;
  /** Prefix of entries relative to the listed directory: `''` or `'a/b/'`. */
  readonly out: string;
  /** Prefix of entries relative to the root, for anchored `.gitignore` rules. */
  readonly rel: string;
  readonly name: string;
  readonly levels: readonly GitignoreLevel[];
  /** Index of this folder's entry among its parent's `names` (-1 for the listed directory). */
  readonly entry: number;
  /** What reading it found, once the walk has taken it into the listing. */
  result?: DirResult;
}

/** One folder's shown entries, in the order `readdir` gave them. */
interface DirResult {
  /** Entry names; a folder's ends in `/`. The listed paths are the folder's `out` + each name. */
  names: string[];
  /** How many of `names` are files. */
  files: number;
  subdirs: DirTask[];
}

/** A walk's outcome: the folders taken into the listing (breadth-first), and whether it was cut. */
export interface Walk {
  /** The listed directory; each read folder carries its `result`, so the walk is a tree from here. */
  readonly start: DirTask;
  /** The folders read, breadth-first; their entries in this order, cut at `limit`, are the listing. */
  readonly read: readonly DirTask[];
  readonly limit: number;
  readonly didHitLimit: boolean;
}

interface WalkContext {
  readonly recursive: boolean;
  readonly skipHiddenDirs: boolean;
  readonly gitignore: boolean;
  readonly rootReal: string;
  readonly isIgnored?: (absolutePath: string, isDirectory: boolean) => boolean;
  readonly shownIn?: (absoluteDir: string) => (name: string, isDirectory: boolean) => boolean;
  readonly deadline: number;
  readonly signal?: AbortSignal;
  /** Symlink targets already entered: each is walked once, which also breaks cycles. */
  readonly linkTargets: Set<string>;
}

const EMPTY: DirResult = { names: [], files: 0, subdirs: [] };

/**
 * List a directory the way list_files shows it (SPEC Part B §8, Part A P7).
 *
 * Refuses (returns `[[], false]`) the filesystem root, the home directory, a missing path and
 * a file. Non-recursive: every entry, dotfiles included, minus ignored ones. Recursive:
 * breadth-first; skips the default dependency/output directories, hidden directories (unless
 * `dir` itself is hidden) and whatever `.gitignore` files at any level exclude; follows a
 * symlinked directory only when its target is inside `root`, once per target.
 * @example
 * const [paths, hitLimit] = await listFiles('/repo/src', { recursive: true, limit: 200 });
 */
export async function listFiles(dir: string, options: ListFilesOptions = {}): Promise<ListFilesResult> {
  const w = await list(dir, options);
  return w ? [walkPaths(w), w.didHitLimit] : [[], false];
}

/**
 * The listed paths of a walk, in walk order (breadth-first, each folder's entries as `readdir`
 * gave them), cut at its limit: what {@link listFiles} returns.
 */
export function walkPaths(w: Walk): string[] {
  const out: string[] = [];
  for (const t of w.read) {
    const names = t.result!.names;
    for (let i = 0; i < names.length; i++) {
      if (out.length >= w.limit) return out;
      out.push(t.out + names[i]);
    }
  }
  return out;
}

async function list(dir: string, options: ListFilesOptions, counts?: Counting): Promise<Walk | undefined> {
  const abs = resolve(dir);
  if (abs === sep || abs === homedir()) return undefined;
  const dirReal = await fsp.realpath(abs).catch(() => undefined);
  if (!dirReal || dirReal === sep || dirReal === homedir()) return undefined;
  const st = await fsp.stat(dirReal).catch(() => undefined);
  if (!st?.isDirectory()) return undefined;

  const recursive = options.recursive ?? false;
  const limit = options.limit ?? Infinity;
  const rootReal = options.root ? await fsp.realpath(resolve(options.root)).catch(() => dirReal) : dirReal;
  const gitignore = recursive && (options.gitignore ?? true);
  const shownIn = options.shownIn ?? (options.ignoredIn ? shownFromIgnored(options.ignoredIn) : undefined);
  const ctx: WalkContext = {
    recursive,
    skipHiddenDirs: recursive && !basename(abs).startsWith('.'),
    gitignore,
    rootReal,
    isIgnored: options.isIgnored ?? (shownIn ? joinedIgnored(shownIn) : undefined),
    shownIn,
    deadline: Date.now() + (options.timeoutMs ?? 10_000),
    signal: options.signal,
    linkTargets: new Set([dirReal]),
  };
  const rel = relativeInside(rootReal, dirReal);
  const levels = gitignore && rel !== undefined ? ancestorLevels(rootReal, rel) : [];
  const start: DirTask = { abs: dirReal, real: dirReal, out: '', rel: rel ?? '', name: basename(dirReal), levels, entry: -1 };
  return walk(start, ctx, limit, options.concurrency ?? 32, counts);
}

/** How far {@link listFilesCounted} counts past the cut. */
export interface CountOptions {
  /** Entries read at most in all (shown ones included); past it counts are lower bounds. */
  limit: number;
  /** Counting past the cut stops after this long (within the listing's own time limit). */
  timeoutMs: number;
}

/** Folders read at once while counting past the cut (libuv's thread pool holds 4). */
const COUNT_CONCURRENCY = 4;

/** What one folder read by the walk holds directly. */
export interface FolderTally {
  entries: number;
  files: number;
}

/** The counts of a cut listing's walk, for its folder summary. */
export interface ListingCounts {
  /** Every folder the walk read, by its prefix relative to the listed directory (`''`, `'a/b/'`). */
  folders: Map<string, FolderTally>;
  /** Folders found but not read before the count stopped (their contents are not counted). */
  unread: string[];
}

interface Counting extends ListingCounts {
  readonly limit: number;
  readonly timeoutMs: number;
  entries: number;
}

/**
 * {@link listFiles}, and when the listing is cut, the walk goes on past the cut counting (not
 * keeping) entries, within `count`'s bounds: one walk gives both the listing and the counts
 * of its folder summary.
 * @example
 * const { walk, counts } = await listFilesCounted('/repo', { recursive: true, limit: 200 }, { limit: 5000, timeoutMs: 2000 });
 */
export async function listFilesCounted(
  dir: string,
  options: ListFilesOptions,
  count: CountOptions,
): Promise<{ walk: Walk | undefined; counts?: ListingCounts }> {
  const counts: Counting = { folders: new Map(), unread: [], limit: count.limit, timeoutMs: count.timeoutMs, entries: 0 };
  const walk = await list(dir, options, counts);
  return walk?.didHitLimit ? { walk, counts: { folders: counts.folders, unread: counts.unread } } : { walk };
}

/** Breadth-first, one level at a time, so a capped result is always the same prefix. */
async function walk(start: DirTask, ctx: WalkContext, limit: number, concurrency: number, counts?: Counting): Promise<Walk> {
  const read: DirTask[] = [];
  let shown = 0; // entries of the folders in `read`
  let level: DirTask[] = [start];
  while (level.length > 0) {
    const results = await readLevel(level, ctx, limit - shown, concurrency);
    const next: DirTask[] = [];
    let unread: DirTask[] = [];
    for (let i = 0; i < results.length; i++) {
      const r = results[i];
      if (r === undefined) {
        unread = level.slice(i); // never read (always a suffix): the walk stopped (timeout, abort) or the cap was reached
        break;
      }
      const task = level[i]!;
      if (counts) tally(counts, task, r);
      task.result = r;
      read.push(task);
      shown += r.names.length;
      for (const d of r.subdirs) next.push(d);
      // Counting reads on, so everything read stays in the tally; the listing is cut at `limit`.
      if (shown > limit && !counts) break;
    }
    if (shown > limit || unread.length > 0 || (next.length > 0 && stopped(ctx))) {
      if (counts) await countOn(counts, [...unread, ...next], ctx, concurrency);
      return { start, read, limit, didHitLimit: true };
    }
    if (!ctx.recursive) break;
    level = next;
  }
  return { start, read, limit, didHitLimit: false };
}

/**
 * Past a cut: go on breadth-first, counting only (no paths kept), until the count's entry
 * bound or its time is up or the walk is aborted. The folders left unread are recorded.
 */
async function countOn(counts: Counting, queue: DirTask[], ctx: WalkContext, concurrency: number): Promise<void> {
  const counting: WalkContext = { ...ctx, deadline: Math.min(ctx.deadline, Date.now() + counts.timeoutMs) };
  // A read already started is tallied, so the count overshoots its bound by the reads in flight
  // when it is reached: with 32 that was ~30 folders (6,600 entries read for a 5,000 bound on
  // the bench tree, a third of a capped listing's time). libuv reads 4 folders at once anyway.
  const inFlight = Math.min(concurrency, COUNT_CONCURRENCY);
  let level = queue;
  while (level.length > 0 && counts.entries < counts.limit && !stopped(counting)) {
    const results = await readLevel(level, counting, counts.limit - counts.entries, inFlight);
    const next: DirTask[] = [];
    for (let i = 0; i < results.length; i++) {
      const r = results[i];
      if (r === undefined) {
        for (const t of level.slice(i)) counts.unread.push(t.out);
        break;
      }
      tally(counts, level[i]!, r);
      for (const d of r.subdirs) next.push(d);
    }
    level = next;
  }
  for (const t of level) counts.unread.push(t.out);
}

function tally(counts: Counting, task: DirTask, r: DirResult): void {
  counts.folders.set(task.out, { entries: r.names.length, files: r.files });
  counts.entries += r.names.length;
}

/** Read the directories of one level with bounded concurrency, in queue order. */
async function readLevel(level: DirTask[], ctx: WalkContext, budget: number, concurrency: number): Promise<(DirResult | undefined)[]> {
  const results: (DirResult | undefined)[] = new Array(level.length);
  let next = 0;
  let produced = 0;
  const worker = async (): Promise<void> => {
    while (next < level.length && produced <= budget && !stopped(ctx)) {
      const i = next++;
      const r = await readDir(level[i], ctx);
      results[i] = r;
      produced += r.names.length;
    }
  };
  const workers: Promise<void>[] = [];
  for (let w = Math.min(concurrency, level.length); w > 0; w--) workers.push(worker());
  await Promise.all(workers);
  return results;
}

function stopped(ctx: WalkContext): boolean {
  return ctx.signal?.aborted === true || Date.now() > ctx.deadline;
}

async function readDir(task: DirTask, ctx: WalkContext): Promise<DirResult> {
  let dirents: Dirent[];
  try {
    dirents = await fsp.readdir(task.abs, { withFileTypes: true });
  } catch {
    return EMPTY; // unreadable or vanished: nothing to show, as the baseline's suppressErrors
  }
  const levels = ctx.gitignore ? withOwnGitignore(task, dirents) : task.levels;
  const gitignored = directoryMatcher(levels, task.rel);
  const shownHere = folderTest(task.abs, ctx);
  const shownThere = task.real === task.abs ? undefined : folderTest(task.real, ctx);
  const result: DirResult = { names: [], files: 0, subdirs: [] };
  for (const d of dirents) {
    const name = d.name;
    let isDir = d.isDirectory();
    let target: string | undefined;
    if (d.isSymbolicLink()) {
      const link = await followLink(`${task.abs}/${name}`);
      isDir = link.isDir;
      target = link.real;
    }
    if (isDir && ctx.recursive && ((ctx.skipHiddenDirs && name.charCodeAt(0) === 46) || isDefaultIgnoredDir(name, task.name))) continue;
    if (gitignored.isIgnored(name, isDir)) continue;
    if (shownHere && !shownHere(name, isDir)) continue;
    if (shownThere && !shownThere(name, isDir)) continue;
    if (target !== undefined && ctx.isIgnored && relativeInside(ctx.rootReal, target) !== undefined && ctx.isIgnored(target, isDir))
      continue;
    if (!isDir) {
      result.names.push(name);
      result.files++;
      continue;
    }
    result.names.push(`${name}/`);
    if (ctx.recursive) {
      const sub = subdirTask(task, name, result.names.length - 1, target, levels, ctx);
      if (sub) result.subdirs.push(sub);
    }
  }
  return result;
}

/**
 * The ignore check of one directory's entries (true: shown). P5 checks the lexical path and, below or
 * through a symlink, the physical one too (the caller tests both folders, and a link's target).
 */
function folderTest(dir: string, ctx: WalkContext): ((name: string, isDir: boolean) => boolean) | undefined {
  if (ctx.shownIn) return ctx.shownIn(dir);
  const isIgnored = ctx.isIgnored;
  return isIgnored && ((name, isDir) => !isIgnored(`${dir}/${name}`, isDir));
}

/** `isIgnored` on absolute paths from the per-directory form. */
/** `shownIn` from the deprecated `ignoredIn`: the same check, negated. */
function shownFromIgnored(ignoredIn: (absoluteDir: string) => (name: string, isDirectory: boolean) => boolean) {
  return (dir: string) => {
    const ignored = ignoredIn(dir);
    return (name: string, isDirectory: boolean) => !ignored(name, isDirectory);
  };
}

function joinedIgnored(shownIn: (absoluteDir: string) => (name: string, isDirectory: boolean) => boolean) {
  return (path: string, isDir: boolean) => {
    const slash = path.lastIndexOf('/');
    return !shownIn(slash === 0 ? '/' : path.slice(0, slash))(path.slice(slash + 1), isDir);
  };
}

function subdirTask(
  task: DirTask,
  name: string,
  entry: number,
  target: string | undefined,
  levels: readonly GitignoreLevel[],
  ctx: WalkContext,
): DirTask | undefined {
  if (target !== undefined) {
    // P7: never descend through a link that leads outside the root; enter each target once.
    if (relativeInside(ctx.rootReal, target) === undefined || ctx.linkTargets.has(target)) return undefined;
    if (task.real === target || task.real.startsWith(`${target}/`)) return undefined;
    ctx.linkTargets.add(target);
  }
  return {
    abs: `${task.abs}/${name}`,
    real: target ?? `${task.real}/${name}`,
    out: `${task.out}${name}/`,
    rel: `${task.rel}${name}/`,
    name,
    levels,
    entry,
  };
}

async function followLink(path: string): Promise<{ isDir: boolean; real?: string }> {
  try {
    const real = await fsp.realpath(path);
    const st = await fsp.stat(real);
    return { isDir: st.isDirectory(), real };
  } catch {
    return { isDir: false }; // dangling or looping link: shown as a file, never entered
  }
}

function withOwnGitignore(task: DirTask, dirents: Dirent[]): readonly GitignoreLevel[] {
  for (const d of dirents) {
    if (d.name !== '.gitignore') continue;
    if (d.isDirectory()) return task.levels;
    const file = readGitignore(`${task.abs}/.gitignore`);
    return file ? [...task.levels, { base: task.rel, file }] : task.levels;
  }
  return task.levels;
}

/**
 * Read and compile a `.gitignore`. Synchronously: the files are small, and one blocking read
 * costs far less than the four thread-pool round trips of `fs.promises.readFile` (on the bench
 * tree those were a fifth of a capped listing's CPU). Opened non-blocking and read only when it
 * is a regular file, so a FIFO or a device named `.gitignore` cannot stall the walk; such a
 * file, like an unreadable one, holds no rules.
 */
function readGitignore(path: string): GitignoreFile | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  let text: string;
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    text = readFileSync(fd, 'utf8');
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
  const file = compileGitignore(text);
  return file.rules.length > 0 ? file : undefined;
}

/** `.gitignore` files from the root down to the listed directory's parent. */
function ancestorLevels(rootReal: string, rel: string): GitignoreLevel[] {
  if (rel === '') return [];
  const parts = rel.slice(0, -1).split('/');
  const levels: GitignoreLevel[] = [];
  let base = '';
  for (let i = 0; i < parts.length; i++) {
    const file = readGitignore(`${rootReal}/${base}.gitignore`);
    if (file) levels.push({ base, file });
    base += `${parts[i]}/`;
  }
  return levels;
}

/** `''` for the root itself, `'a/b/'` below it, undefined outside. */
function relativeInside(rootReal: string, path: string): string | undefined {
  if (path === rootReal) return '';
  const prefix = rootReal.endsWith(sep) ? rootReal : rootReal + sep;
  return path.startsWith(prefix) ? `${path.slice(prefix.length)}/` : undefined;
}
