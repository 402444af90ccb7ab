import type ignore from 'ignore';
import { relativeInside } from '@quiver/workspace';
import { matchKey } from './match-key.js';
import { matchKeyedPath, type IgnoreMatch, type RootRules, type RuleMatcher } from './root-rules.js';
import type { RootedMatch } from './rules-registry.js';

type TestResult = ignore.TestResult;

/** What one root says about a directory, worked out once for all of its entries. */
interface RootView {
  rules: RootRules;
  /** The directory relative to the root, with a trailing `/` (`''` for the root itself). */
  relative: string;
  /** The same, as a match key (NFC, lower case). */
  key: string;
  /** The first always-ignored name among the directory's components, if any. */
  builtIn: string | undefined;
  /**
   * Per matcher, the directory's own verdict (as the matcher's parent check computes it),
   * when the key is a clean relative path (no empty, `.` or `..` component) and the matcher
   * judges by name only; `null` where entries must take the full-path test.
   */
  parents: (TestResult | null)[];
}

/** Matches absolute paths against a fixed set of root rules. */
export interface ListingMatcher {
  (absolutePath: string, isDirectory: boolean): RootedMatch | undefined;
  /**
   * The same verdicts as a yes/no, for the entries of one directory: `ignoredIn(dir)(name, d)`
   * is `match(`${dir}/${name}`, d) !== undefined`, with the directory worked out once and no
   * path built per entry. `dir` is absolute, without a trailing `/`.
   */
  ignoredIn(absoluteDir: string): EntryIgnored;
}

/** Whether the entry `name` (kind `isDirectory`) of one directory is ignored. */
export type EntryIgnored = (name: string, isDirectory: boolean) => boolean;

/** Verdicts of name-only matchers on single names, shared by every directory of one walk. */
type NameMemo = Map<RuleMatcher, Map<string, TestResult>>;

/**
 * The same answers as the registry's `match` over a snapshot of the rules, made cheap for
 * walks that test every entry of a directory in a row:
 * - the directory's place in each root (relative path, match key, built-in names, its own
 *   verdict) is worked out once per directory, and an entry only adds its name. Keys are built
 *   as `key(dir) + '/' + key(name)`, which equals `key(dir/name)`: `/` neither composes
 *   under NFC nor takes part in case-mapping context;
 * - for an ignore file of name-only patterns (see {@link RuleMatcher.basenameOnly}) an entry
 *   under a folder that is not ignored gets the verdict of its bare name, which the `ignore`
 *   matcher computes once per distinct name instead of once per path (its per-path cache is
 *   what made a 100k-entry walk slow).
 *
 * @param snapshot - The rules of every root, in the registry's order.
 */
export function createListingMatcher(snapshot: readonly RootRules[]): ListingMatcher {
  const dirs = new Map<string, RootView[]>();
  const memo: NameMemo = new Map();
  // The directory prefix (`absolutePath` before its last `/`) seen last, and its views.
  let lastDir: string | undefined;
  let lastViews: RootView[] = [];
  const verdicts = new Map<RootRules, NameVerdicts>();
  const match = (absolutePath: string, isDirectory: boolean): RootedMatch | undefined => {
    const slash = absolutePath.lastIndexOf('/');
    if (slash === -1) return undefined; // not absolute: inside no root
    // Entries of one directory usually come in a row: compare before slicing and hashing.
    let views: RootView[];
    if (lastDir !== undefined && slash === lastDir.length && absolutePath.startsWith(lastDir)) {
      views = lastViews;
    } else {
      const dir = slash === 0 ? '/' : absolutePath.slice(0, slash);
      views = dirs.get(dir) ?? viewsOf(snapshot, dir, dirs);
      lastDir = absolutePath.slice(0, slash);
      lastViews = views;
    }
    if (views.length === 0) return undefined;
    const name = absolutePath.slice(slash + 1);
    const nameKey = matchKey(name);
    for (const view of views) {
      const hit = matchEntry(view, name, nameKey, isDirectory, memo);
      if (hit) return { ...hit, root: view.rules.root, relative: view.relative + name };
    }
    return undefined;
  };
  const ignoredIn = (absoluteDir: string): EntryIgnored => {
    if (absoluteDir.length <= 1 || absoluteDir.endsWith('/')) return (name, isDir) => match(`${absoluteDir}/${name}`, isDir) !== undefined;
    const views = dirs.get(absoluteDir) ?? viewsOf(snapshot, absoluteDir, dirs);
    return folderVerdict(views, memo, verdicts);
  };
  return Object.assign(match, { ignoredIn });
}

/** One root's yes/no per name for folders whose verdicts depend on the name alone: files, folders. */
type NameVerdicts = [files: Map<string, boolean>, folders: Map<string, boolean>];

/**
 * The yes/no judge of one directory's entries. Most folders need no per-entry path: one that is
 * always-ignored or under an ignored folder (for some matcher) ignores every entry; one whose
 * every matcher judges by name (and none ignores the folder) gives each name the same verdict
 * wherever it is, so that verdict is kept per root and name. Names the matcher treats apart
 * (`''`, `.`, `..`) always take the full test.
 */
function folderVerdict(views: readonly RootView[], memo: NameMemo, verdicts: Map<RootRules, NameVerdicts>): EntryIgnored {
  if (views.length === 0) return () => false;
  const full = (name: string, isDirectory: boolean): boolean => {
    const nameKey = matchKey(name);
    for (const view of views) if (matchEntry(view, name, nameKey, isDirectory, memo)) return true;
    return false;
  };
  const special = (name: string) => name === '' || name === '.' || name === '..';
  if (views.some((v) => v.builtIn !== undefined || v.parents.some((p) => p !== null && p.ignored))) {
    return (name, isDirectory) => (special(name) ? full(name, isDirectory) : true);
  }
  if (views.length !== 1 || views[0].parents.some((p) => p === null)) return full;
  const view = views[0];
  let byName = verdicts.get(view.rules);
  if (!byName) verdicts.set(view.rules, (byName = [new Map(), new Map()]));
  const [files, folders] = byName;
  return (name, isDirectory) => {
    const known = (isDirectory ? folders : files).get(name);
    if (known !== undefined) return known;
    if (special(name)) return full(name, isDirectory);
    const verdict = matchEntry(view, name, matchKey(name), isDirectory, memo) !== undefined;
    (isDirectory ? folders : files).set(name, verdict);
    return verdict;
  };
}

function matchEntry(view: RootView, name: string, nameKey: string, isDirectory: boolean, memo: NameMemo): IgnoreMatch | undefined {
  const relative = view.relative + name;
  if (relative === '.' || relative === '') return undefined; // the root itself is never ignored
  if (view.builtIn !== undefined) return builtInMatch(view.builtIn);
  if (view.rules.alwaysIgnored.has(nameKey)) return builtInMatch(nameKey);
  if (nameKey === '' || nameKey === '.' || nameKey === '..') return matchKeyedPath(view.rules, view.key + nameKey, isDirectory);
  const { matchers } = view.rules;
  for (let i = 0; i < matchers.length; i++) {
    const m = matchers[i];
    const parent = view.parents[i];
    let result: TestResult;
    try {
      if (parent === null) result = m.ig.test(isDirectory ? `${view.key}${nameKey}/` : view.key + nameKey);
      else result = parent.ignored ? parent : nameVerdict(m, isDirectory ? `${nameKey}/` : nameKey, memo);
    } catch {
      return { source: m.source, pattern: '(unmatchable path)' }; // as matchKeyedPath
    }
    if (result.ignored) return { source: m.source, pattern: result.rule?.pattern ?? '(parent directory)' };
  }
  return undefined;
}

/** A name-only matcher's verdict on one name (`name/` for a folder), computed once. */
function nameVerdict(m: RuleMatcher, name: string, memo: NameMemo): TestResult {
  let names = memo.get(m);
  if (!names) memo.set(m, (names = new Map()));
  let result = names.get(name);
  if (!result) names.set(name, (result = m.ig.test(name)));
  return result;
}

function builtInMatch(name: string): IgnoreMatch {
  return { source: name, pattern: `${name} (the ignore file itself is always ignored)` };
}

const UNIGNORED: TestResult = Object.freeze({ ignored: false, unignored: false });

/** Each root containing `dir`, in order, with the directory's relative path, key and verdicts there. */
function viewsOf(snapshot: readonly RootRules[], dir: string, cache: Map<string, RootView[]>): RootView[] {
  const views: RootView[] = [];
  for (const rules of snapshot) {
    const rel = relativeInside(dir, rules.root.path);
    if (rel === undefined) continue;
    if (rel === '.') {
      // Entries of the root itself: no parent to consult, the bare name is the whole path.
      views.push({
        rules,
        relative: '',
        key: '',
        builtIn: undefined,
        parents: rules.matchers.map((m) => (m.basenameOnly ? UNIGNORED : null)),
      });
      continue;
    }
    const key = matchKey(rel);
    const parts = key.split('/');
    const builtIn = parts.find((part) => rules.alwaysIgnored.has(part));
    const clean = parts.every((part) => part !== '' && part !== '.' && part !== '..');
    views.push({
      rules,
      relative: `${rel}/`,
      key: `${key}/`,
      builtIn,
      parents: rules.matchers.map((m) => (clean && m.basenameOnly ? parentVerdict(m, `${key}/`) : null)),
    });
  }
  cache.set(dir, views);
  return views;
}

/** The folder's own verdict, exactly the parent check the matcher runs for its entries. */
function parentVerdict(m: RuleMatcher, folderKey: string): TestResult | null {
  try {
    return m.ig.test(folderKey);
  } catch {
    return null; // let each entry take the full-path test (and its error handling)
  }
}
