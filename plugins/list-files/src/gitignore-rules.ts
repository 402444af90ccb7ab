/**
 * `.gitignore` files compiled once, then specialised per directory so that judging an entry
 * is a few basename comparisons. Semantics follow git: blank lines and `#` comments are
 * skipped, trailing unescaped spaces dropped, `!` re-includes, a trailing `/` matches
 * directories only, a `/` at the start or middle anchors the pattern to the `.gitignore`'s
 * own directory, `**` spans directories, the last matching line of a file wins and a deeper
 * file wins over a shallower one. Matching is case-sensitive, as git's is on Linux.
 *
 * The walker never enters an excluded directory, so "no re-including below an excluded
 * parent" holds without extra work: each rule only judges one entry by its own path.
 */

/** A basename test: exact name, name suffix (`*.log`), or a regular expression. */
interface NameTest {
  readonly kind: 'name' | 'suffix' | 'regex';
  readonly text: string;
  readonly regex: RegExp | undefined;
}

interface Rule {
  readonly negated: boolean;
  readonly dirOnly: boolean;
  /** Unanchored rules test the basename at any depth. */
  readonly anchored: boolean;
  /** The basename test (unanchored rules) or the last segment's (anchored rules without `**`). */
  readonly last: NameTest;
  /** Anchored without `**`: the directory segments before the last one. */
  readonly dirSegments: readonly NameTest[] | undefined;
  /** Anchored with `**`: the whole relative path must match. */
  readonly deep: RegExp | undefined;
  /** The rule as a basename test, shared by every directory it applies to (not for `deep` rules). */
  readonly asDirRule: DirRule | undefined;
}

/** A compiled `.gitignore` file. */
export interface GitignoreFile {
  readonly rules: readonly Rule[];
  /** True when some rule is anchored (its verdict depends on the directory, not just the name). */
  readonly anchored: boolean;
}

/** One `.gitignore` in effect: its directory (relative to the walk's root) and its rules. */
export interface GitignoreLevel {
  /** `''` for the root, else `'a/b/'`. */
  readonly base: string;
  readonly file: GitignoreFile;
}

/** A rule specialised for one directory, in evaluation order (deepest file, last line first). */
interface DirRule {
  readonly negated: boolean;
  readonly dirOnly: boolean;
  readonly test: NameTest | undefined;
  readonly deep: RegExp | undefined;
  /** For `deep` rules: the directory's path relative to the rule's `.gitignore`. */
  readonly prefix: string;
}

/** Judges the entries of one directory. */
export interface DirectoryMatcher {
  /** True when the `.gitignore` files in effect exclude the entry `name` of this directory. */
  isIgnored(name: string, isDir: boolean): boolean;
}

/** Matches nothing; shared by directories with no `.gitignore` in effect. */
export const NO_GITIGNORE: DirectoryMatcher = Object.freeze({ isIgnored: () => false });

const SPECIAL = /[*?[\\]/;

/**
 * Compile the text of a `.gitignore` file.
 * @example
 * const file = compileGitignore('*.log\n!keep.log\n/build/\n');
 */
export function compileGitignore(text: string): GitignoreFile {
  const rules: Rule[] = [];
  for (const raw of text.split('\n')) {
    const rule = parseLine(raw);
    if (rule) rules.push(rule);
  }
  return { rules, anchored: rules.some((r) => r.anchored) };
}

const unanchoredCache = new WeakMap<readonly GitignoreLevel[], DirectoryMatcher>();

/**
 * Specialise the levels in effect (shallowest first) for the directory at `dir` (relative to
 * the root: `''` or `'a/b/'`). Anchored rules that cannot match this directory's entries are
 * dropped and the rest become basename tests, so the per-entry cost stays flat.
 */
export function directoryMatcher(levels: readonly GitignoreLevel[], dir: string): DirectoryMatcher {
  if (levels.length === 0) return NO_GITIGNORE;
  const dependsOnDir = levels.some((l) => l.file.anchored);
  if (!dependsOnDir) {
    const cached = unanchoredCache.get(levels);
    if (cached) return cached;
  }
  const list: DirRule[] = [];
  for (let l = levels.length - 1; l >= 0; l--) {
    const { base, file } = levels[l];
    const local = dir.slice(base.length);
    const segments = local === '' ? [] : local.slice(0, -1).split('/');
    for (let i = file.rules.length - 1; i >= 0; i--) {
      const r = file.rules[i];
      const specialised = specialise(r, segments, local);
      if (specialised) list.push(specialised);
    }
  }
  const matcher = list.length === 0 ? NO_GITIGNORE : { isIgnored: (name: string, isDir: boolean) => judge(list, name, isDir) };
  if (!dependsOnDir) unanchoredCache.set(levels, matcher);
  return matcher;
}

function specialise(r: Rule, segments: string[], local: string): DirRule | undefined {
  if (r.deep) return { negated: r.negated, dirOnly: r.dirOnly, test: undefined, deep: r.deep, prefix: local };
  if (!r.anchored) return r.asDirRule;
  const dirs = r.dirSegments!;
  if (dirs.length !== segments.length) return undefined;
  for (let i = 0; i < dirs.length; i++) if (!testName(dirs[i], segments[i])) return undefined;
  return r.asDirRule;
}

function judge(list: readonly DirRule[], name: string, isDir: boolean): boolean {
  for (let i = 0; i < list.length; i++) {
    const r = list[i];
    if (r.dirOnly && !isDir) continue;
    const hit = r.test !== undefined ? testName(r.test, name) : r.deep!.test(r.prefix + name);
    if (hit) return !r.negated;
  }
  return false;
}

function testName(t: NameTest, name: string): boolean {
  if (t.kind === 'name') return name === t.text;
  if (t.kind === 'suffix') return name.endsWith(t.text);
  return t.regex!.test(name);
}

function parseLine(raw: string): Rule | undefined {
  let line = trimTrailingSpaces(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
  if (line === '' || line.startsWith('#')) return undefined;
  let negated = false;
  if (line.startsWith('!')) {
    negated = true;
    line = line.slice(1);
  } else if (line.startsWith('\\!') || line.startsWith('\\#')) {
    line = line.slice(1);
  }
  let dirOnly = false;
  if (line.endsWith('/')) {
    dirOnly = true;
    line = line.replace(/\/+$/, '');
  }
  // `**/name` is just `name` at any depth; treating it as unanchored keeps it a basename test.
  while (line.startsWith('**/') && !line.slice(3).includes('/')) line = line.slice(3);
  const anchored = line.includes('/');
  line = line.replace(/^\/+/, '');
  if (line === '') return undefined;
  const segments = line.split('/');
  if (segments.includes('**')) {
    const deep = new RegExp(`^${globToRegexSource(line)}$`);
    return {
      negated,
      dirOnly,
      anchored,
      last: nameTest(segments[segments.length - 1]),
      dirSegments: undefined,
      deep,
      asDirRule: undefined,
    };
  }
  const last = nameTest(segments.pop()!);
  const asDirRule: DirRule = { negated, dirOnly, test: last, deep: undefined, prefix: '' };
  return { negated, dirOnly, anchored, last, dirSegments: anchored ? segments.map(nameTest) : undefined, deep: undefined, asDirRule };
}

/** Git drops trailing spaces unless the last one is escaped with a backslash. */
function trimTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === ' ') {
    if (end >= 2 && line[end - 2] === '\\') break;
    end--;
  }
  return line.slice(0, end);
}

function nameTest(segment: string): NameTest {
  if (!SPECIAL.test(segment)) return { kind: 'name', text: segment, regex: undefined };
  if (segment.startsWith('*') && !SPECIAL.test(segment.slice(1))) return { kind: 'suffix', text: segment.slice(1), regex: undefined };
  return { kind: 'regex', text: segment, regex: new RegExp(`^${segmentToRegexSource(segment)}$`) };
}

/**
 * Translate a gitignore glob to a regular expression source. `**` is special only as a whole
 * segment: leading (any depth), trailing (everything inside) or middle (zero or more
 * directories). Elsewhere `*` and `?` never match `/`.
 */
export function globToRegexSource(pattern: string): string {
  const segments = pattern.split('/');
  if (segments.every((s) => s === '**')) return '.*';
  let out = '';
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    const last = i === segments.length - 1;
    if (seg === '**') {
      out += last ? '.+' : '(?:.*/)?';
      continue;
    }
    out += segmentToRegexSource(seg);
    if (!last) out += '/';
  }
  return out;
}

function segmentToRegexSource(seg: string): string {
  let out = '';
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i];
    if (c === '*') {
      while (seg[i + 1] === '*') i++;
      out += '[^/]*';
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '[') {
      const cls = readBracket(seg, i);
      out += cls ? cls.source : '\\[';
      if (cls) i = cls.end;
    } else if (c === '\\' && i + 1 < seg.length) {
      out += escapeRegex(seg[++i]);
    } else {
      out += escapeRegex(c);
    }
  }
  return out;
}

const POSIX_CLASSES: Readonly<Record<string, string>> = {
  alnum: 'a-zA-Z0-9',
  alpha: 'a-zA-Z',
  blank: ' \\t',
  digit: '0-9',
  lower: 'a-z',
  punct: '!-\\/:-@\\[-`{-~',
  space: ' \\t\\n\\r\\f\\v',
  upper: 'A-Z',
  xdigit: '0-9a-fA-F',
};

/** Read a `[...]` class starting at `start`; undefined when it never closes (`[` is then literal). */
function readBracket(seg: string, start: number): { source: string; end: number } | undefined {
  let i = start + 1;
  let negate = false;
  if (seg[i] === '!' || seg[i] === '^') {
    negate = true;
    i++;
  }
  let body = '';
  for (let first = true; i < seg.length; i++, first = false) {
    const c = seg[i];
    if (c === ']' && !first) return { source: `(?!/)[${negate ? '^' : ''}${body}]`, end: i };
    const close = c === '[' && seg[i + 1] === ':' ? seg.indexOf(':]', i + 2) : -1;
    if (close > 0 && POSIX_CLASSES[seg.slice(i + 2, close)] !== undefined) {
      body += POSIX_CLASSES[seg.slice(i + 2, close)];
      i = close + 1;
    } else if (c === '\\' && i + 1 < seg.length) {
      body += escapeClassChar(seg[++i]);
    } else if (c === '-' && body !== '' && seg[i + 1] !== ']') {
      body += '-';
    } else {
      body += escapeClassChar(c);
    }
  }
  return undefined;
}

function escapeClassChar(c: string): string {
  return /[\\\]^-]/.test(c) ? `\\${c}` : c;
}

function escapeRegex(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}
