import { readFileSync, realpathSync } from 'node:fs';
import { join, posix } from 'node:path';
import ignore from 'ignore';
import type { WorkspaceRoot } from '@quiver/core';
import { isPathInside } from '@quiver/workspace';
import { stampFile, stampText, stillStamped, type FileStamp } from './file-stamp.js';
import { matchKey } from './match-key.js';
import { parseIgnoreText, type IgnoreEntry } from './parse-ignore-text.js';

/** Why a path is ignored: which file and which pattern (or the built-in rule). */
export interface IgnoreMatch {
  /** The ignore file whose rules matched, e.g. `.quiverignore`. */
  source: string;
  /** The pattern that decided, as written (lower-cased), or a note for built-in rules. */
  pattern: string;
}

/** One ignore file's compiled rules. */
export interface RuleMatcher {
  source: string;
  ig: ignore.Ignore;
  /**
   * Every pattern is a plain name pattern (no `/` but a trailing one, no backslash escape, no
   * `**`, no trailing blank): its verdict on an entry depends only on the entry's name and
   * kind once the parent folder is known not to be ignored (gitignore: a pattern without a
   * separator matches at any level). Listing walks use this to judge each name once.
   */
  basenameOnly: boolean;
}

/** The compiled rules of one root: one matcher per ignore file present. */
export interface RootRules {
  readonly root: WorkspaceRoot;
  /** Names that are always ignored, at any depth (the ignore files themselves). */
  readonly alwaysIgnored: ReadonlySet<string>;
  readonly matchers: readonly RuleMatcher[];
  /** Files whose change means a reload: the ignore files and everything they include. */
  readonly tracked: readonly string[];
  /** Each tracked file's stamp, taken before it was read. */
  readonly stamps: readonly FileStamp[];
  /** The files `!include` lines name (as joined to the root, and their real paths): they are rules too. */
  readonly includes: ReadonlySet<string>;
  /** The stamps as text: it changes whenever a tracked file changes (a rules version). */
  readonly signature: string;
  /** Things the user should know: refused or unreadable includes. */
  readonly problems: readonly string[];
}

/**
 * Load and compile a root's ignore files (`.quiverignore`, plus `.clineignore` when present;
 * each file's rules apply on their own, so one file cannot re-include what the other ignores).
 * Loading is synchronous: the files are small, and `isIgnored` must stay synchronous.
 *
 * An ignore file that exists but cannot be read makes every path of the root ignored:
 * anything unreadable is denied.
 *
 * @param root - The workspace root.
 * @param fileNames - Ignore file names, the configured one first.
 */
export function loadRootRules(root: WorkspaceRoot, fileNames: readonly string[]): RootRules {
  const tracked: string[] = [];
  const stamps: FileStamp[] = [];
  const problems: string[] = [];
  const includes = new Set<string>();
  const matchers: RuleMatcher[] = [];
  // Every ignore file is stamped first, so the tracked list starts with them in order (a
  // caller that knows they are unchanged stats only the includes after them).
  for (const name of fileNames) {
    const file = join(root.path, name);
    tracked.push(file);
    stamps.push(stampFile(file));
  }
  for (const name of fileNames) {
    const file = join(root.path, name);
    const text = readOptional(file);
    if (text === undefined) continue;
    if (text instanceof Error) {
      problems.push(`${name} could not be read (${text.message}); every path in ${root.path} is treated as ignored.`);
      matchers.push({ source: name, ig: ignore().add('*'), basenameOnly: true });
      continue;
    }
    const lines = expandEntries(parseIgnoreText(text), root, { tracked, stamps, problems, includes });
    const keys = lines.map(matchKey);
    matchers.push({ source: name, ig: ignore({ ignorecase: true }).add(keys), basenameOnly: keys.every(isNamePattern) });
  }
  return {
    root,
    alwaysIgnored: new Set(fileNames.map(matchKey)),
    matchers,
    tracked,
    stamps,
    includes,
    signature: stamps.map(stampText).join('|'),
    problems,
  };
}

/**
 * Which rule ignores `relative` (a POSIX path inside `rules.root`, `.` for the root), or
 * `undefined`. A directory must be tested with `isDirectory` true (`secrets/` matches only
 * directories). Parents are tested as directories first: a path under an excluded
 * directory cannot be re-included (gitignore semantics, via the `ignore` package).
 */
export function matchRootRules(rules: RootRules, relative: string, isDirectory: boolean): IgnoreMatch | undefined {
  if (relative === '.' || relative === '') return undefined;
  const key = matchKey(relative);
  const parts = key.split('/');
  const builtIn = parts.find((part) => rules.alwaysIgnored.has(part));
  if (builtIn) return { source: builtIn, pattern: `${builtIn} (the ignore file itself is always ignored)` };
  return matchKeyedPath(rules, key, isDirectory);
}

/**
 * The matchers' verdict on a path already in match-key form (see {@link matchKey}), built-in
 * names aside: the first ignore file whose rules ignore it, in order.
 */
export function matchKeyedPath(rules: RootRules, key: string, isDirectory: boolean): IgnoreMatch | undefined {
  for (const { source, ig } of rules.matchers) {
    try {
      const result = ig.test(isDirectory ? `${key}/` : key);
      if (result.ignored) return { source, pattern: result.rule?.pattern ?? '(parent directory)' };
    } catch {
      // The matcher refuses only paths that are not clean relative paths; a path we cannot
      // judge is denied.
      return { source, pattern: '(unmatchable path)' };
    }
  }
  return undefined;
}

/**
 * True for a pattern line that can only match by name: no `/` except one at the very end, and
 * nothing whose reading takes care (backslash escapes, `**`, trailing blanks). Anything else is
 * left to the full-path test, so a wrong "no" costs speed, never a different verdict.
 */
export function isNamePattern(line: string): boolean {
  if (line.includes('\\') || line.includes('**') || /\s$/.test(line)) return false;
  const body = line.startsWith('!') ? line.slice(1) : line;
  const slash = body.indexOf('/');
  return slash === -1 || (slash === body.length - 1 && slash > 0);
}

/**
 * True when a tracked file changed since the rules were loaded (inode, size, mtime or ctime):
 * one `stat` per tracked file, no timing assumptions, so the next check after any edit sees it.
 * `from` skips the first tracked files (the ignore files themselves come first, in order).
 */
export function rulesChanged(rules: RootRules, from = 0): boolean {
  for (let i = from; i < rules.tracked.length; i++) if (!stillStamped(rules.tracked[i], rules.stamps[i])) return true;
  return false;
}

function readOptional(file: string): string | Error | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? undefined : (e as Error);
  }
}

/**
 * Replace each `!include <file>` by that file's pattern lines (Part B §5). The file is taken
 * relative to the root (a leading `/` too, as the baseline's `path.join` does) and must stay
 * inside it once symlinks are resolved; includes are not nested. Missing files are skipped but
 * tracked, so creating one later triggers a reload.
 */
interface LoadLog {
  tracked: string[];
  stamps: FileStamp[];
  problems: string[];
  includes: Set<string>;
}

function expandEntries(entries: IgnoreEntry[], root: WorkspaceRoot, log: LoadLog): string[] {
  const lines: string[] = [];
  for (const entry of entries) {
    if (entry.kind === 'pattern') {
      lines.push(entry.line);
      continue;
    }
    const file = posix.join(root.path, entry.file);
    log.tracked.push(file);
    log.stamps.push(stampFile(file));
    log.includes.add(file);
    const included = readInclude(file, root, entry.file, log);
    for (const inner of included ? parseIgnoreText(included) : []) {
      if (inner.kind === 'pattern') lines.push(inner.line);
    }
  }
  return lines;
}

function readInclude(file: string, root: WorkspaceRoot, written: string, { problems, includes }: LoadLog): string | undefined {
  let real: string;
  try {
    real = realpathSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') problems.push(`!include ${written} could not be resolved (${code}); it was skipped.`);
    return undefined;
  }
  includes.add(real);
  if (!isPathInside(real, root.path)) {
    problems.push(`!include ${written} leads outside the workspace root (${real}); it was refused.`);
    return undefined;
  }
  const text = readOptional(real);
  if (text instanceof Error) {
    // Its patterns are unknown, so nothing under the root can be shown to be allowed.
    problems.push(`!include ${written} could not be read (${text.message}); every path in ${root.path} is treated as ignored.`);
    return '*';
  }
  return text;
}
