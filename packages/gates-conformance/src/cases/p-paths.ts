/**
 * P1–P4 — input, malformed paths, physical resolution, confinement. Rows resolve against
 * {@link PATH_TREE}; `{base}`, `{root}` and `{home}` are fixture placeholders.
 */
import type { PathCase } from '../case-types.js';
import { linkChain, type TreeEntry } from '../fixture-tree.js';

/** The fixture: `root` is the workspace root; `root2` a sibling sharing its prefix; `outside` and `home` outside. */
export const PATH_TREE: TreeEntry[] = [
  'root/d/sub/',
  'root/d/file.txt',
  'root/f.txt',
  'root2/x.txt',
  'outside/o.txt',
  'outside/dir/',
  'home/h.txt',
  { link: 'root/ld', to: 'd' },
  { link: 'root/ldd', to: 'ld' },
  { link: 'root/lf', to: 'f.txt' },
  { link: 'root/lout', to: '../outside' },
  { link: 'root/loutf', to: '../outside/o.txt' },
  { link: 'root/chain1', to: 'chain2' },
  { link: 'root/chain2', to: 'chain3' },
  { link: 'root/chain3', to: 'f.txt' },
  { link: 'root/loopa', to: 'loopb' },
  { link: 'root/loopb', to: 'loopa' },
  { link: 'root/self', to: 'self' },
  { link: 'root/dang', to: 'missing-target' },
  { link: 'root/dangout', to: '../outside/missing' },
  { link: 'root/absin', to: '{base}/root/d' },
  { link: 'root/absout', to: '{base}/outside' },
  { link: 'root/lup', to: '..' },
  { link: 'root/lroot', to: '.' },
  { link: 'root/d/lback', to: '..' },
  { link: 'root/d/lback2', to: '../..' },
  { link: 'root/lrel', to: './d/../d' },
  { link: 'root/d/sub/lfar', to: '../../../outside/o.txt' },
  { link: 'rootlink', to: 'root' },
  ...linkChain('root', 'c40_', 40, 'f.txt'),
  ...linkChain('root', 'c41_', 41, 'f.txt'),
  ...linkChain('root', 'c60_', 60, 'f.txt'),
];

const inside = (description: string, input: string, resolved?: string, config?: PathCase['config']): PathCase => ({
  description,
  input,
  config,
  expected: { verdict: 'inside', resolved },
});
const outside = (description: string, input: string, resolved?: string, config?: PathCase['config']): PathCase => ({
  description,
  input,
  config,
  expected: { verdict: 'outside', resolved },
});
const deny = (description: string, input: string, rule: 'P2' | 'P3', config?: PathCase['config']): PathCase => ({
  description,
  input,
  config,
  expected: { verdict: 'deny', rule },
});

function p1(): PathCase[] {
  const homeInRoot = { home: 'root/d' };
  return [
    inside('P1 relative to the root', 'f.txt', 'root/f.txt'),
    inside('P1 ./ prefix', './f.txt', 'root/f.txt'),
    inside('P1 nested', 'd/file.txt', 'root/d/file.txt'),
    inside('P1 ./ inside', 'd/./file.txt', 'root/d/file.txt'),
    inside('P1 doubled slash', 'd//file.txt', 'root/d/file.txt'),
    inside('P1 trailing slash on a directory', 'd/', 'root/d'),
    inside('P1 the root itself', '.', 'root'),
    inside('P1 the root as ./', './', 'root'),
    outside('P1 ~ is $HOME', '~', 'home'),
    outside('P1 ~/ is $HOME', '~/', 'home'),
    outside('P1 ~/file is under $HOME', '~/h.txt', 'home/h.txt'),
    outside('P1 ~/.. leaves $HOME', '~/..', ''),
    inside('P1 ~ with $HOME inside the root', '~', 'root/d', homeInRoot),
    inside('P1 ~/file with $HOME inside the root', '~/file.txt', 'root/d/file.txt', homeInRoot),
    inside('P1 ~/.. with $HOME inside the root', '~/../f.txt', 'root/f.txt', homeInRoot),
    inside('P1 ~user is not expanded', '~user', 'root/~user'),
    inside('P1 ~user/x is not expanded', '~user/x', 'root/~user/x'),
    inside('P1 ~~ is literal', '~~', 'root/~~'),
    inside('P1 ~ in the middle is literal', 'a/~', 'root/a/~'),
    inside('P1 ~ after ./ is literal', './~', 'root/~'),
    inside('P1 ~ after ./ with a tail is literal', './~/h.txt', 'root/~/h.txt'),
    inside('P1 $HOME is not expanded', '$HOME/x', 'root/$HOME/x'),
    inside('P1 ${HOME} is not expanded', '${HOME}', 'root/${HOME}'),
    inside('P1 $PWD/.. is not expanded', '$PWD/../x', 'root/x'),
    inside('P1 %2e%2e is not decoded', '%2e%2e/%2e%2e/etc/passwd', 'root/%2e%2e/%2e%2e/etc/passwd'),
    inside('P1 ..%2f is not decoded', '..%2f..%2fetc', 'root/..%2f..%2fetc'),
    inside('P1 full-width dots are not folded', '．．/x', 'root/．．/x'),
    inside('P1 one-dot leaders are not folded', '\u2024\u2024/x', 'root/\u2024\u2024/x'),
    inside('P1 ligatures are not folded', 'ﬁle', 'root/ﬁle'),
    inside('P1 full-width letters are not folded', 'Ｆ.txt', 'root/Ｆ.txt'),
    inside('P1 decomposed é stays decomposed', 'e\u0301', 'root/e\u0301'),
    inside('P1 absolute path inside', '{root}/f.txt', 'root/f.txt'),
    inside('P1 absolute path of the root', '{root}', 'root'),
    inside('P1 absolute path of the root with /', '{root}/', 'root'),
    outside('P1 absolute path outside', '{base}/outside/o.txt', 'outside/o.txt'),
    outside('P1 /', '/', '/'),
    outside('P1 /etc/passwd', '/etc/passwd', '/etc/passwd'),
  ];
}

const CONTROL = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\x7f'];
const BLANKS = [' ', '\u00a0', '\u2028', '\u2029', '\u3000', '\u2003', '\u1680', '\u202f', '\u205f', '\u0085'];

function p2(): PathCase[] {
  const rows: PathCase[] = [deny('P2 the empty path', '', 'P2')];
  for (const c of CONTROL) {
    const name = `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    rows.push(deny(`P2 control ${name} at the start`, `${c}f.txt`, 'P2'));
    rows.push(deny(`P2 control ${name} in the middle`, `d/fi${c}le.txt`, 'P2'));
    rows.push(deny(`P2 control ${name} at the end`, `f.txt${c}`, 'P2'));
  }
  for (const b of BLANKS) {
    const name = `U+${b.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    rows.push(deny(`P2 leading whitespace ${name}`, `${b}f.txt`, 'P2'));
    rows.push(deny(`P2 trailing whitespace ${name}`, `f.txt${b}`, 'P2'));
    rows.push(deny(`P2 leading whitespace ${name} on an absolute path`, `${b}{root}/f.txt`, 'P2'));
  }
  for (const bad of ['a\\b', '\\f.txt', 'f.txt\\', 'd\\file.txt', 'C:\\x', '..\\..\\x', '\\\\server\\share', 'd/a\\b']) {
    rows.push(deny(`P2 backslash: ${bad}`, bad, 'P2'));
  }
  for (const bad of ['a:b', 'C:x', 'C:/x', ':f', 'f:', 'file:///etc/passwd', 'http://x/y', 'f.txt:stream', 'd/a:b', '@nope:f.txt', '{root}/a:b', 'f.txt::$DATA']) {
    rows.push(deny(`P2 colon: ${bad}`, bad, 'P2'));
  }
  for (const bad of ['a.', 'a./b', 'b/a.', '...', '.../x', 'x/...', 'a..', 'f.txt.', 'd./file.txt', 'a /b', 'd /file.txt', 'a. /b', 'd/sub /x', '..../x', 'd/....']) {
    rows.push(deny(`P2 component ending in . or space: ${JSON.stringify(bad)}`, bad, 'P2'));
  }
  for (const good of ['.a', '..a', 'a.b', 'a b', 'a/ b', 'a/.b', '...a', 'a/./b', 'a.b.c', '-a', 'a*b', 'a?b', '[ab]', 'a;b', 'a$b', "a'b", 'a"b', 'a|b', 'a#b', 'a&b', 'a%b', 'a b c', 'é', '日本', 'a\u200bb', 'd/ sub']) {
    rows.push(inside(`P2 well formed: ${JSON.stringify(good)}`, good, `root/${good}`.replace(/\/\.\//g, '/')));
  }
  rows.push(deny('P2 a component of one space', 'a/ /b', 'P2'));
  rows.push(deny('P2 a component of a dot and a space', 'a/. /b', 'P2'));
  rows.push(inside('P2 a no-break space inside a name is fine', 'a\u00a0b', 'root/a\u00a0b'));
  rows.push(inside('P2 . and .. components are fine', 'd/../d/./file.txt', 'root/d/file.txt'));
  return rows;
}

function p3(): PathCase[] {
  return [
    inside('P3 link to a directory', 'ld/file.txt', 'root/d/file.txt'),
    inside('P3 link to a directory, last component', 'ld', 'root/d'),
    inside('P3 link to a directory with /', 'ld/', 'root/d'),
    inside('P3 link to a link to a directory', 'ldd/file.txt', 'root/d/file.txt'),
    inside('P3 link to a file, last component followed', 'lf', 'root/f.txt'),
    inside('P3 chain of three links', 'chain1', 'root/f.txt'),
    inside('P3 link with ./ and .. in its target', 'lrel/file.txt', 'root/d/file.txt'),
    inside('P3 absolute link inside', 'absin/file.txt', 'root/d/file.txt'),
    inside('P3 link to . ', 'lroot/f.txt', 'root/f.txt'),
    inside('P3 .. after a link applies to its target', 'ld/../f.txt', 'root/f.txt'),
    inside('P3 .. after a link to ..', 'd/lback/f.txt', 'root/f.txt'),
    inside('P3 .. after a link that leads out, back in', 'lout/../root/f.txt', 'root/f.txt'),
    outside('P3 .. after a link that leads out (lexically inside)', 'lout/../outside/o.txt', 'outside/o.txt'),
    outside('P3 link-out-dir/.. is the parent of the target', 'lout/..', ''),
    outside('P3 link-out-dir/.. then a sibling root', 'lout/../root2/x.txt', 'root2/x.txt'),
    outside('P3 link to ../..', 'd/lback2', ''),
    inside('P3 link to ../.. and back in', 'd/lback2/root/f.txt', 'root/f.txt'),
    outside('P3 link to .. of the root', 'lup', ''),
    inside('P3 link to .. of the root and back in', 'lup/root/d', 'root/d'),
    outside('P3 link out, last component', 'lout', 'outside'),
    outside('P3 link out, file below', 'lout/o.txt', 'outside/o.txt'),
    outside('P3 link to a file outside', 'loutf', 'outside/o.txt'),
    outside('P3 absolute link out', 'absout/o.txt', 'outside/o.txt'),
    outside('P3 deep link out', 'd/sub/lfar', 'outside/o.txt'),
    inside('P3 dangling link inside', 'dang', 'root/missing-target'),
    inside('P3 below a dangling link inside', 'dang/x/y', 'root/missing-target/x/y'),
    outside('P3 dangling link outside', 'dangout', 'outside/missing'),
    outside('P3 missing tail below a link out', 'lout/new.txt', 'outside/new.txt'),
    inside('P3 missing file', 'new.txt', 'root/new.txt'),
    inside('P3 missing tail', 'd/new/deeper.txt', 'root/d/new/deeper.txt'),
    inside('P3 missing tail then ..', 'missing/../f.txt', 'root/f.txt'),
    inside('P3 missing tail then .. then a link', 'missing/../ld/file.txt', 'root/d/file.txt'),
    outside('P3 missing tail then .. out', 'missing/../../outside/o.txt', 'outside/o.txt'),
    deny('P3 ENOTDIR: file/x', 'f.txt/x', 'P3'),
    deny('P3 ENOTDIR: file/', 'f.txt/', 'P3'),
    deny('P3 ENOTDIR: file/.', 'f.txt/.', 'P3'),
    deny('P3 ENOTDIR: file/..', 'f.txt/..', 'P3'),
    deny('P3 ENOTDIR: nested file/x', 'd/file.txt/x', 'P3'),
    deny('P3 ENOTDIR: link to file/x', 'lf/x', 'P3'),
    deny('P3 ENOTDIR: link to file/', 'lf/', 'P3'),
    deny('P3 ENOTDIR: chain to a file/x', 'chain1/x', 'P3'),
    deny('P3 ENOTDIR: link to a file/..', 'lf/..', 'P3'),
    deny('P3 ENOTDIR: absolute file/x', '{root}/f.txt/x', 'P3'),
    deny('P3 ELOOP: two-link loop', 'loopa', 'P3'),
    deny('P3 ELOOP: below a loop', 'loopa/x', 'P3'),
    deny('P3 ELOOP: the other end', 'loopb', 'P3'),
    deny('P3 ELOOP: self link', 'self', 'P3'),
    deny('P3 ELOOP: below a self link', 'self/x', 'P3'),
    deny('P3 ELOOP: loop reached through ..', 'd/../loopa', 'P3'),
    deny('P3 ELOOP: more than 40 links', 'c41_0', 'P3'),
    deny('P3 ELOOP: 60 links', 'c60_0', 'P3'),
    inside('P3 40 links are still followed (Linux MAXSYMLINKS)', 'c40_0', 'root/f.txt'),
    inside('P3 a 255-byte name is fine', 'a'.repeat(255), `root/${'a'.repeat(255)}`),
    deny('P3 ENAMETOOLONG: a 256-byte name', 'a'.repeat(256), 'P3'),
    deny('P3 ENAMETOOLONG: a 256-byte name in the middle', `d/${'b'.repeat(256)}/x`, 'P3'),
    inside('P3 127 two-byte characters (254 bytes)', 'é'.repeat(127), `root/${'é'.repeat(127)}`),
    deny('P3 ENAMETOOLONG: 128 two-byte characters (256 bytes)', 'é'.repeat(128), 'P3'),
    deny('P3 ENAMETOOLONG: 86 three-byte characters (258 bytes)', '日'.repeat(86), 'P3'),
    deny('P3 ENAMETOOLONG: a path over PATH_MAX', 'a/'.repeat(2_100), 'P3'),
    inside('P3 a long path under PATH_MAX', 'x/'.repeat(900), `root/${'x/'.repeat(899)}x`),
  ];
}

function p4(): PathCase[] {
  const two = { roots: ['root', 'root2'] };
  const viaLink = { roots: ['rootlink'] };
  return [
    outside('P4 .. is outside', '..', ''),
    inside('P4 ../root is the root', '../root', 'root'),
    inside('P4 ../root/f.txt is inside', '../root/f.txt', 'root/f.txt'),
    outside('P4 a sibling sharing the prefix is outside', '../root2/x.txt', 'root2/x.txt'),
    outside('P4 a sibling sharing the prefix, absolute', '{base}/root2/x.txt', 'root2/x.txt'),
    outside('P4 a sibling sharing the prefix, the folder', '{base}/root2', 'root2'),
    outside('P4 the root plus a suffix', '{root}2', 'root2'),
    outside('P4 root/../root2', '{root}/../root2', 'root2'),
    inside('P4 a symlink to the root is the root', '{base}/rootlink/f.txt', 'root/f.txt'),
    inside('P4 ../rootlink leads back in', '../rootlink/f.txt', 'root/f.txt'),
    outside('P4 the base folder', '{base}', ''),
    inside('P4 root given through a symlink: relative path', 'f.txt', 'root/f.txt', viaLink),
    inside('P4 root given through a symlink: real absolute path', '{root}/f.txt', 'root/f.txt', viaLink),
    inside('P4 root given through a symlink: link absolute path', '{base}/rootlink/f.txt', 'root/f.txt', viaLink),
    outside('P4 root given through a symlink: .. is outside', '../root2', 'root2', viaLink),
    inside('P4 second root, absolute', '{base}/root2/x.txt', 'root2/x.txt', two),
    inside('P4 second root, relative from the first', '../root2/x.txt', 'root2/x.txt', two),
    outside('P4 two roots: the base is outside both', '{base}/outside', 'outside', two),
    outside('P4 outside beats everything: an ignored-looking name outside', '{base}/outside/.env', 'outside/.env'),
  ];
}

/**
 * The same rows spelled differently: `./x` and `{root}/x` for relative inputs (same verdict
 * and physical path), and `d/x` for malformed ones (P2 holds anywhere in the path).
 */
function spellings(rows: PathCase[]): PathCase[] {
  const out: PathCase[] = [];
  for (const row of rows) {
    const { input } = row;
    if (row.expected.rule === 'P2') {
      if (input !== '' && !/leading whitespace/.test(row.description)) out.push({ ...row, description: `${row.description} (below d/)`, input: `d/${input}` });
      continue;
    }
    if (input === '' || /^[~/{]/.test(input)) continue;
    out.push({ ...row, description: `${row.description} (as ./…)`, input: `./${input}` });
    out.push({ ...row, description: `${row.description} (as {root}/…)`, input: `{root}/${input}` });
  }
  return out;
}

/** Every P1–P4 row. */
export const pathCases: Record<string, PathCase[]> = Object.fromEntries(
  Object.entries({ P1: p1(), P2: p2(), P3: p3(), P4: p4() }).map(([rule, rows]) => [rule, [...rows, ...spellings(rows)]]),
);
