/**
 * P4–P7 — ignore rules for the path tools, against {@link IGNORE_TREE}: gitignore semantics
 * (last match wins, directory-only, anchored, `**`, no re-include under an excluded parent),
 * case-insensitive and NFC matching, lexical and resolved paths, the ignore file, protected
 * writes, listings; plus {@link GITIGNORE_SETS}, random rule sets judged by `git check-ignore`.
 */
import type { Access, IgnorePathCase } from '../case-types.js';
import { pick, rng } from './build.js';
import type { TreeEntry } from '../fixture-tree.js';

export const IGNORE_FILE = [
  '# comment',
  '.env',
  '*.secret',
  'secrets/',
  '/build/',
  'Docs/Private/',
  'café.md',
  'nai\u0308ve.txt',
  'logs/**',
  '!logs/keep.log',
  'data/',
  '!data/public.txt',
  '*.PEM',
  'config/*.json',
  '!config/app.json',
  'tmp/*/cache',
  'notdir/',
  '!.quiverignore',
  '',
].join('\n');

export const IGNORE_TREE: TreeEntry[] = [
  { file: 'root/.quiverignore', content: IGNORE_FILE },
  'root/.env',
  'root/a.secret',
  'root/secrets/key.txt',
  'root/secrets/sub/deep.txt',
  'root/build/out.js',
  'root/src/build/x.js',
  'root/src/app.ts',
  'root/docs/private/p.md',
  'root/docs/readme.md',
  'root/cafe\u0301.md',
  'root/naïve.txt',
  'root/logs/a.log',
  'root/logs/keep.log',
  'root/data/public.txt',
  'root/data/x.txt',
  'root/k.pem',
  'root/K.PEM',
  'root/config/app.json',
  'root/config/db.json',
  'root/tmp/a/cache',
  'root/tmp/a/b/cache',
  'root/notdir',
  'root/sub/notdir/f.txt',
  'root/public/readme.md',
  'root/.gitignore',
  'root/.git/config',
  'root/.git/HEAD',
  'outside/.env',
  'outside/a.secret',
  { link: 'root/public/env-link', to: '../.env' },
  { link: 'root/alias.secret', to: 'src/app.ts' },
  { link: 'root/view', to: 'secrets' },
  { link: 'root/outlink', to: '../outside' },
  { link: 'root/ign-link', to: '.quiverignore' },
  { link: 'root/gitlink', to: '.git' },
  { link: 'outside/link-in', to: '{root}/.env' },
];

const row = (access: Access, input: string, verdict: 'allow' | 'deny' | 'outside', description: string, rule?: string): IgnorePathCase => ({
  description,
  input,
  config: { access },
  expected: rule ? { verdict, rule } : { verdict },
});

function reads(): IgnorePathCase[] {
  const d = (input: string, why: string) => row('read', input, 'deny', `P5 read ${input}: ${why}`, 'P5');
  const a = (input: string, why: string) => row('read', input, 'allow', `P5 read ${input}: ${why}`);
  const o = (input: string, why: string) => row('read', input, 'outside', `P4 read ${input}: ${why}`);
  return [
    d('.env', 'listed'),
    d('./.env', 'listed, ./ prefix'),
    d('src/../.env', 'listed, through ..'),
    d('{root}/.env', 'listed, absolute'),
    d('.ENV', 'case-insensitive'),
    d('.Env', 'case-insensitive'),
    d('a/b/.env', 'unanchored, any depth (missing)'),
    d('src/.env', 'unanchored, any depth'),
    d('a.secret', 'glob'),
    d('A.SECRET', 'glob, case-insensitive'),
    d('deep/x/y.secret', 'glob at depth (missing)'),
    a('x.secret.txt', 'glob does not match a longer name'),
    a('secret', 'glob needs the extension'),
    d('secrets', 'a directory tested as a directory'),
    d('secrets/', 'directory with a slash'),
    d('secrets/key.txt', 'below an ignored directory'),
    d('secrets/sub/deep.txt', 'deep below an ignored directory'),
    d('SECRETS/key.txt', 'directory pattern, case-insensitive (missing)'),
    a('secretsx', 'a longer name'),
    a('src/secrets', 'a missing path is not a directory'),
    d('src/secrets/x.txt', 'below a directory that matches secrets/'),
    d('build', 'anchored directory'),
    d('build/out.js', 'below an anchored directory'),
    a('src/build/x.js', 'anchored pattern does not match deeper'),
    d('docs/private/p.md', 'pattern Docs/Private/ case-insensitive'),
    d('docs/private', 'the directory itself'),
    a('docs/readme.md', 'a sibling'),
    d('cafe\u0301.md', 'decomposed path, composed pattern (NFC)'),
    d('café.md', 'composed path, composed pattern'),
    d('naïve.txt', 'composed path, decomposed pattern (NFC)'),
    d('nai\u0308ve.txt', 'decomposed path, decomposed pattern'),
    d('CAFÉ.MD', 'NFC and case together'),
    d('logs/a.log', 'logs/** ignores contents'),
    a('logs/keep.log', 'last match wins: re-included'),
    a('logs', 'logs/** does not ignore logs itself'),
    d('logs/new/x.log', 'logs/** at depth'),
    d('data', 'directory pattern'),
    d('data/x.txt', 'below an excluded directory'),
    d('data/public.txt', 'no re-include below an excluded parent'),
    d('k.pem', '*.PEM case-insensitive'),
    d('K.PEM', '*.PEM exact'),
    d('config/db.json', 'config/*.json'),
    a('config/app.json', 'last match wins: re-included'),
    a('config', 'config/*.json does not match config'),
    d('tmp/a/cache', 'tmp/*/cache'),
    a('tmp/a/b/cache', '* does not cross /'),
    a('notdir', 'a file is not matched by notdir/'),
    d('sub/notdir', 'a directory is matched by notdir/'),
    d('sub/notdir/f.txt', 'below a directory matched by notdir/'),
    a('src/app.ts', 'not listed'),
    a('public/readme.md', 'not listed'),
    a('.gitignore', 'not listed'),
    a('.git/config', 'reading .git is allowed'),
    a('.git', 'reading .git is allowed'),
    a('.', 'the root itself'),
    d('public/env-link', 'the resolved path is ignored'),
    d('alias.secret', 'the lexical path is ignored'),
    d('view', 'a link to an ignored directory'),
    d('view/key.txt', 'through a link to an ignored directory'),
    d('gitlink/../.env', 'through a link and ..'),
    d('.quiverignore', 'the ignore file itself, even after !.quiverignore'),
    d('./.quiverignore', 'the ignore file itself, ./'),
    d('src/../.quiverignore', 'the ignore file itself, through ..'),
    d('{root}/.quiverignore', 'the ignore file itself, absolute'),
    d('ign-link', 'a link to the ignore file'),
    d('{base}/outside/link-in', 'lexically outside, resolved to an ignored file inside'),
    o('outlink/.env', 'resolved outside: outside wins over the lexical match'),
    o('outlink/a.secret', 'resolved outside'),
    o('../outside/.env', 'outside'),
    o('{base}/outside/.env', 'outside, absolute'),
    o('outlink', 'a link out'),
  ];
}

function writes(): IgnorePathCase[] {
  const d6 = (input: string, why: string) => row('write', input, 'deny', `P6 write ${input}: ${why}`, 'P6');
  const a = (input: string, why: string) => row('write', input, 'allow', `P6 write ${input}: ${why}`);
  return [
    d6('.quiverignore', 'the ignore file'),
    d6('./.quiverignore', 'the ignore file, ./'),
    d6('src/../.quiverignore', 'the ignore file, through ..'),
    d6('{root}/.quiverignore', 'the ignore file, absolute'),
    d6('ign-link', 'a link to the ignore file'),
    d6('.git/config', 'under .git/'),
    d6('.git/HEAD', 'under .git/'),
    d6('.git/hooks/pre-commit', 'creating under .git/'),
    d6('.git/objects/ab/cd', 'creating deep under .git/'),
    d6('gitlink/config', 'under .git/ through a link'),
    d6('src/../.git/config', 'under .git/ through ..'),
    d6('vendor/lib/.git/config', 'under a nested repository\'s .git/'),
    a('.gitignore', 'not under .git/'),
    a('.github/workflows/ci.yml', 'not under .git/'),
    a('a.git/x', 'not under .git/'),
    a('.gitx', 'not under .git/'),
    a('git/x', 'not under .git/'),
    a('src/app.ts', 'an ordinary file'),
    a('new.txt', 'a new file'),
    a('logs/keep.log', 're-included'),
    row('write', '.env', 'deny', 'P5 write .env: ignored files are denied for writes too', 'P5'),
    row('write', 'secrets/new.txt', 'deny', 'P5 write below an ignored directory', 'P5'),
    row('write', '{base}/outside/x.txt', 'outside', 'P4 write outside'),
    row('write', 'outlink/.env', 'outside', 'P4 write through a link out'),
    row('write', '{base}/outside/.git/config', 'outside', 'P4 outside beats P6: another repository\'s .git'),
    row('write', '{base}/outside/.quiverignore', 'outside', 'P4 outside beats P6: another root\'s ignore file'),
    row('write', 'outlink/.git/config', 'outside', 'P4 outside beats P6 through a link out'),
  ];
}

function lists(): IgnorePathCase[] {
  const d7 = (input: string, why: string) => row('list', input, 'deny', `P7 list ${input}: ${why}`, 'P7');
  const a = (input: string, why: string) => row('list', input, 'allow', `P7 list ${input}: ${why}`);
  return [
    d7('secrets', 'an ignored directory'),
    d7('secrets/', 'an ignored directory, slash'),
    d7('secrets/sub', 'below an ignored directory'),
    d7('build', 'an anchored ignored directory'),
    d7('data', 'an ignored directory'),
    d7('view', 'a link to an ignored directory'),
    d7('docs/private', 'case-insensitive directory pattern'),
    d7('sub/notdir', 'directory-only pattern'),
    a('.', 'the root'),
    a('src', 'an allowed directory'),
    a('logs', 'logs/** does not ignore logs'),
    a('docs', 'a parent of an ignored directory'),
    a('public', 'holds a link to an ignored file'),
    a('.git', 'reading .git is allowed'),
    row('search', 'secrets', 'deny', 'P5 search an ignored directory', 'P5'),
    row('search', 'src', 'allow', 'P5 search an allowed directory'),
    row('search', '.env', 'deny', 'P5 search an ignored file', 'P5'),
  ];
}

/** Every hand-written P4–P7 row. */
export const ignorePathCases: Record<string, IgnorePathCase[]> = { P5: reads(), P6: writes(), P7: lists() };

/** A root listing as P7 wants it: ignored entries (by lexical or resolved path) left out. */
export const ROOT_LISTING_SHOWN = ['docs', 'logs', 'config', 'tmp', 'notdir', 'sub', 'src', 'public', '.gitignore', '.git', 'outlink', 'gitlink'];
/** Entries a recursive listing may descend into, and ones it must not. */
export const DESCEND = { yes: ['src', 'public', 'logs', 'docs', 'gitlink', '.git'], no: ['outlink', 'view', 'secrets', 'build', 'data'] };

/** The tree the random gitignore sets are judged on (lower-case ASCII, so git is the oracle). */
export const GIT_TREE: string[] = [
  'a/c.txt', 'a/d.log', 'a/.env', 'a/b/c.txt', 'a/b/e.secret', 'a/b/x/keep.txt', 'b/c.txt', 'b/a/d.log', 'b/a/c.txt',
  'x/a/b/c.txt', 'x/e.secret', 'x/.env', 'build/cache/c.txt', 'build/out.log', 'build/keep.txt', 'c.txt', 'd.log',
  'e.secret', '.env', 'keep.txt', 'logs/d.log', 'logs/keep.txt', 'logs/sub/d.log', 'a b/c.txt', 'docs/x/y/z.md',
];

const PATTERNS = [
  '*.log', '!keep.txt', 'a/', '/a', '/a/', 'a', 'b/', 'a/b', 'a/b/', '**/b', '**/b/', 'a/**', 'a/**/c.txt', '**/c.txt',
  'c.txt', '/c.txt', '*.secret', '!*.secret', '.env', '!.env', '!a/.env', 'build/', '!build/keep.txt', 'build/*',
  'logs/**', '!logs/keep.txt', 'logs/*.log', '!logs/sub/', 'x', '!x/', 'x/*', '!x/a', '?.txt', 'c.tx?', '[cd].*',
  '[!c]*.txt', 'b/**/d.log', '*', '!a', 'e.*', '**/a/**', 'a/b/x/', '!a/b/x/keep.txt', 'keep.txt', '!*/', '*/',
  'a b/', 'a\\ b/', 'docs/**/z.md', 'docs/*/z.md', '/*.log', '*/c.txt', '**/x/**', '!**/keep.txt', 'x/a/', '\\#c.txt',
  'c.txt ', '!/c.txt', 'a/b/**/keep.txt', '**/*.txt', '!b/a/', 'b/a/*', '!d.log', 'logs/', '!logs/',
  'a/**/b', 'a/**/', '\\!keep.txt', '[a-c]/', '[[:alpha:]].txt', '!a/', '*.[ls]og', 'b/a', '/b/a/', '**/b/a/**',
  'a/*/x', 'a/b/*', '!a/b/x/', '!a/b/', 'x/**/c.txt', '/x/**/c.txt', '**/.env', '.*', '!.*', '*.txt', '!*.txt',
];

/** Random ignore files (deterministic), each checked path by path against `git check-ignore`. */
export const GITIGNORE_SETS: string[][] = (() => {
  const r = rng(0x91791);
  return Array.from({ length: 160 }, () => Array.from({ length: 1 + Math.floor(r() * 7) }, () => pick(r, PATTERNS)));
})();

/** Quiver also honours an existing `.clineignore` (SPEC Part A, names): both files apply. */
export const BOTH_FILES_TREE: TreeEntry[] = [
  { file: 'root/.quiverignore', content: 'a.txt\n' },
  { file: 'root/.clineignore', content: 'b.txt\n' },
  'root/a.txt',
  'root/b.txt',
  'root/c.txt',
];
export const bothFilesCases: IgnorePathCase[] = [
  row('read', 'a.txt', 'deny', 'P5 .quiverignore applies', 'P5'),
  row('read', 'b.txt', 'deny', 'P5 .clineignore applies too', 'P5'),
  row('read', 'c.txt', 'allow', 'P5 neither lists c.txt'),
  row('read', '.clineignore', 'deny', 'P5 the .clineignore file is an ignore file too', 'P5'),
  row('write', '.clineignore', 'deny', 'P6 writing .clineignore', 'P6'),
  row('write', '.quiverignore', 'deny', 'P6 writing .quiverignore', 'P6'),
];
