/**
 * I1–I5 — the ignore screen for shell commands, against {@link SCREEN_TREE} (working directory:
 * the root unless a row says otherwise). Candidates in every segment and position (I1), globs
 * and braces expanded with hidden files (I2), resolution and the outside rule (I3), recursive
 * readers (I4) and the documented blind spots (I5).
 */
import type { ScreenCase } from '../case-types.js';
import type { TreeEntry } from '../fixture-tree.js';

export const SCREEN_IGNORE = ['.env', '*.secret', 'secrets/', '/build/cache/', 'Key.PEM', 'key3', ''].join('\n');

export const SCREEN_TREE: TreeEntry[] = [
  { file: 'root/.quiverignore', content: SCREEN_IGNORE },
  'root/.env',
  'root/.envrc',
  'root/env',
  'root/app.secret',
  'root/secrets/key.txt',
  'root/secretsx/a.txt',
  'root/public/readme.md',
  'root/src/app.ts',
  'root/src/secrets.md',
  'root/src/util/helper.ts',
  'root/nested/deep/.env',
  'root/nested/ok.txt',
  'root/clean/a.txt',
  'root/clean/sub/b.txt',
  'root/key1',
  'root/key2',
  'root/key3',
  'root/key4',
  'root/key.pem',
  'root/file1.txt',
  'root/file2.txt',
  'root/build/cache/x.txt',
  'root/build/out.txt',
  'outside/.env',
  'outside/a.txt',
  'home/h.txt',
  { link: 'root/public/link-env', to: '../.env' },
  { link: 'root/link-secrets', to: 'secrets' },
  { link: 'root/link-out', to: '../outside' },
];

const deny = (description: string, input: string, config?: ScreenCase['config'], rule?: string): ScreenCase => ({
  description,
  input,
  config,
  expected: rule ? { allowed: false, rule } : { allowed: false },
});
const allow = (description: string, input: string, config?: ScreenCase['config']): ScreenCase => ({ description, input, config, expected: { allowed: true } });

/** Command shapes with a path `T` in every I1 position, nested and unwrapped ones included. */
export const FORMS: Array<[string, (t: string) => string]> = [
  ['argument of cat', (t) => `cat ${t}`],
  ['argument of ls', (t) => `ls ${t}`],
  ['argument of echo', (t) => `echo ${t}`],
  ['argument after options', (t) => `head -n 5 ${t}`],
  ['second operand', (t) => `grep foo ${t}`],
  ['source of cp', (t) => `cp ${t} /tmp/x`],
  ['target of cp', (t) => `cp /tmp/x ${t}`],
  ['argument of rm', (t) => `rm -f ${t}`],
  ['double-quoted', (t) => `cat "${t}"`],
  ['single-quoted', (t) => `cat '${t}'`],
  ['quoted command word and argument', (t) => `"cat" "${t}"`],
  ['assignment value', (t) => `X=${t} ls`],
  ['export value', (t) => `export X=${t}`],
  ['--opt=value', (t) => `ls --file=${t}`],
  ['if= of dd', (t) => `dd if=${t} of=/dev/null`],
  ['after host: in scp', (t) => `scp host:${t} /tmp`],
  ['after the last : of PATH', (t) => `PATH=/usr/bin:${t} ls`],
  ['after a drive letter', (t) => `type C:${t}`],
  ['input redirect target', (t) => `cat < ${t}`],
  ['output redirect target', (t) => `echo x > ${t}`],
  ['append redirect target', (t) => `echo x >> ${t}`],
  ['fd redirect target', (t) => `ls 2> ${t}`],
  ['here-string word', (t) => `cat <<< ${t}`],
  ['subshell', (t) => `(cat ${t})`],
  ['$(…)', (t) => `echo $(cat ${t})`],
  ['"$(…)"', (t) => `echo "$(cat ${t})"`],
  ['backticks', (t) => `echo \`cat ${t}\``],
  ['<(…)', (t) => `diff <(cat ${t}) /tmp/x`],
  ['second segment after &&', (t) => `ls && cat ${t}`],
  ['second segment after ;', (t) => `ls; cat ${t}`],
  ['after a pipe', (t) => `ls | xargs cat ${t}`],
  ['background segment', (t) => `cat ${t} & ls`],
  ['sudo', (t) => `sudo cat ${t}`],
  ['env NAME=VALUE', (t) => `env A=1 cat ${t}`],
  ['timeout', (t) => `timeout 5 cat ${t}`],
  ['nohup', (t) => `nohup cat ${t}`],
  ['sh -c script', (t) => `sh -c 'cat ${t}'`],
  ['bash -c script', (t) => `bash -c "cat ${t}"`],
  ['eval arguments', (t) => `eval cat ${t}`],
  ['eval quoted script', (t) => `eval 'cat ${t}'`],
  ['xargs', (t) => `xargs -n1 cat ${t}`],
  ['find -exec inner command, path elsewhere', (t) => `find /etc -exec cat ${t} \\;`],
];

/** Ignored targets (every form must deny). */
export const IGNORED_TARGETS = [
  '.env', './.env', 'src/../.env', '{root}/.env', '.ENV', 'app.secret', 'x.secret', 'secrets', 'secrets/', 'secrets/key.txt',
  'nested/deep/.env', 'public/link-env', 'link-secrets/key.txt', 'link-secrets', 'key3', 'key.pem', 'build/cache/x.txt', 'build/cache',
  'new/.env', 'SECRETS/key.txt',
];

/** Targets that are not ignored, or are outside (every form must pass this gate). */
export const CLEAR_TARGETS = [
  'src/app.ts', 'public/readme.md', '.envrc', 'env', 'secretsx/a.txt', 'src/secrets.md', 'clean', 'clean/a.txt', 'nested/ok.txt',
  'nested', '../outside/a.txt', '{base}/outside/a.txt', '/etc/passwd', 'link-out/a.txt', 'key1', 'build/out.txt', 'file1.txt', 'build',
];

function candidates(): ScreenCase[] {
  const rows: ScreenCase[] = [];
  for (const t of IGNORED_TARGETS) for (const [where, form] of FORMS) rows.push(deny(`I1/I3 ignored ${t} as ${where}`, form(t)));
  for (const t of CLEAR_TARGETS) {
    for (const [where, form] of FORMS) {
      // find -exec is a recursive reader: every directory candidate of its segment is read (I4).
      if (where.startsWith('find') && DIRTY_DIRS.includes(t)) rows.push(deny(`I4 ${t} holds an ignored entry and is a candidate of find -exec`, form(t), undefined, 'I4'));
      else rows.push(allow(`I1/I3 clear ${t} as ${where}`, form(t)));
    }
  }
  rows.push(
    allow('I1 the command word is not a candidate', './app.secret --help'),
    allow('I1 the command word is not a candidate (absolute)', '{root}/app.secret'),
    deny('I1 …but it is an argument of a wrapper', 'sudo ./app.secret'),
    deny('I1 …and of env', 'env ./app.secret'),
    deny('I1 after the last of several colons', 'echo a:b:.env'),
    allow('I1 only the part after the first = is a candidate', 'echo --x=a=.env'),
    allow('I1 only the part after the last : is a candidate', 'echo .env:x'),
    deny('I1 the part after the first = of an option', 'echo --x=.env'),
    allow('I1 a URL: the part after the last : is outside', 'curl http://example.com/.env'),
    allow('I1 a descriptor duplication is not a path', 'ls 2>&1'),
    deny('I1 a here-string word that names an ignored file', 'cat <<<.env'),
    deny('I1 a redirection-only exec', 'exec 3<.env'),
    deny('I1 several candidates, the last one ignored', 'cat src/app.ts public/readme.md .env'),
    deny('I1 glued quotes', `cat '.e'"nv"`),
    deny("I1 $'…' decoded", "cat $'\\x2eenv'"),
    deny('I1 escaped characters', 'cat \\.env'),
    deny('I1 backslash-newline inside the word', 'cat .e\\\nnv'),
    deny('I1 a word after a comment on the previous line', '# note\ncat .env'),
    allow('I1 inside a comment is not a word', 'ls # .env'),
    allow('I3 an ignored-looking name outside', 'cat ../outside/.env'),
    allow('I3 an ignored-looking name outside, absolute', 'cat {base}/outside/.env'),
    allow('I3 an ignored-looking name through a link out', 'cat link-out/.env'),
    allow('I3 an ignored-looking name outside, after :', 'scp host:{base}/outside/.env /nonexistent-dir'),
    // Every word is a candidate too, not only the part after `=`: `X=link-out/.env` read as a
    // relative path is root/X=link-out/.env, whose last component matches `.env`.
    deny('I1 the whole word X=… is a candidate too', 'X=link-out/.env ls'),
    deny('I1 the whole word --file=… is a candidate too', 'ls --file={base}/outside/.env'),
    deny('I1 the whole sh -c script word is a candidate too', "sh -c 'cat link-out/.env'"),
  );
  return rows;
}

function globs(): ScreenCase[] {
  const denied = [
    'cat .e*', 'cat .en?', 'cat .[e]nv', 'cat *', 'cat ./*', 'cat .*', 'cat *env', 'cat *.sec*', 'cat {.env,x}', 'cat .{env,foo}',
    'cat .e{n,x}v', 'cat secr*/*', 'cat */key.txt', 'cat s*/k*', 'ls sec*', 'cat key{1..5}', 'cat key[0-9]', 'cat nested/*/.e*',
    'cat ?pp.secret', 'cat [a]pp.secret', 'cat [!x]pp.secret', 'cat [[:alpha:]]pp.secret', 'ls --file=.e*', 'X=.e* ls',
    'cat public/*', 'cat */*', 'echo *', 'cat ke?3', 'cat {key3,key4}', 'cat b*/c*/*', 'cat key{3..4}', 'cat {src,nested}/*/.env',
    'cat "src"/../.e*', 'cat ./.??v', 'echo $(cat .e*)', 'sudo cat .e*', "sh -c 'cat .e*'", 'cat < .e*',
    'cat {,.}env', 'cat link-sec*/*', 'cat {a,{.env,b}}', 'cat key{1..5..2}', 'cat key[3-4]', 'cat key[!12]', 'cat key[[:digit:]]',
    'cat n*/d*/.e*', 'scp host:.e* /nonexistent-dir', 'cat ./{src,secrets}/k*', 'cat {sec,x}rets/key.txt',
  ];
  const allowed = [
    "cat '.e*'", 'cat ".e*"', 'cat .e\\*', 'cat zz*', 'cat src/*', 'cat clean/*', "cat '{.env,x}'", 'cat s[r]c/*', 'cat clean/*/*',
    'cat key[12]', 'cat key{1,2}', 'cat file*.txt', 'cat *.ts', 'ls src/*/*.ts', 'cat k?y1', 'cat {clean,src}/a*', 'cat "*".txt',
    'cat .e\\?v', 'cat secretsx/*', 'cat nested/o*',
  ];
  return [
    ...denied.map((c) => deny(`I2 glob or brace reaches an ignored path: ${c}`, c)),
    ...allowed.map((c) => allow(`I2 quoted, escaped or harmless glob: ${c}`, c)),
  ];
}

function resolution(): ScreenCase[] {
  const homeRoot = { home: 'root' };
  return [
    deny('I3 through a symlinked file', 'cat public/link-env'),
    deny('I3 through a symlinked directory', 'cat link-secrets/key.txt'),
    deny('I3 through ..', 'cat ./src/../.env'),
    deny('I3 out and back in', 'cat ../root/.env'),
    deny('I3 ~ is $HOME', 'cat ~/.env', homeRoot),
    deny('I3 ~ is $HOME (file list)', 'cat ~/key3', homeRoot),
    allow('I3 ~ outside the root', 'cat ~/.env'),
    deny('I2 a glob after ~/ with $HOME at the root', 'cat ~/.e*', homeRoot),
    deny('I3 a quoted ~ is a literal folder name', 'cat "~/.env"'),
    deny("I3 a single-quoted ~ is a literal folder name", "cat '~/key3'"),
    allow('I3 outside, relative', 'cat ../outside/.env'),
    allow('I3 outside, absolute', 'cat {base}/outside/.env'),
    allow('I3 outside through a link', 'cat link-out/.env'),
    allow('I3 a malformed candidate names no file', "cat 'a\\b'"),
    allow('I3 a candidate with a trailing blank is another file', "cat '.env '"),
    deny('I3 relative to the working directory', 'cat ../.env', { cwd: 'src' }),
    deny('I3 an unanchored pattern below the working directory', 'cat .env', { cwd: 'src' }),
    deny('I3 relative to a nested working directory', 'cat deep/.env', { cwd: 'nested' }),
    allow('I3 relative to a clean working directory', 'cat a.txt', { cwd: 'clean' }),
    deny('I3 absolute working directory is irrelevant for absolute paths', 'cat {root}/app.secret', { cwd: 'clean' }),
  ];
}

const READERS: Array<[string, (d: string) => string]> = [
  ['grep -r', (d) => `grep -r foo ${d}`],
  ['grep -R', (d) => `grep -R foo ${d}`],
  ['grep --recursive', (d) => `grep --recursive foo ${d}`],
  ['grep -rn', (d) => `grep -rn foo ${d}`],
  ['grep -nr', (d) => `grep -nr foo ${d}`],
  ['grep -ril', (d) => `grep -ril foo ${d}`],
  ['egrep -r', (d) => `egrep -r foo ${d}`],
  ['fgrep -R', (d) => `fgrep -R foo ${d}`],
  ['rg', (d) => `rg foo ${d}`],
  ['rg -n', (d) => `rg -n foo ${d}`],
  ['ag', (d) => `ag foo ${d}`],
  ['ack', (d) => `ack foo ${d}`],
  ['cp -r', (d) => `cp -r ${d} /tmp/copy`],
  ['cp -R', (d) => `cp -R ${d} /tmp/copy`],
  ['cp -a', (d) => `cp -a ${d} /tmp/copy`],
  ['cp --recursive', (d) => `cp --recursive ${d} /tmp/copy`],
  ['cp --archive', (d) => `cp --archive ${d} /tmp/copy`],
  ['cp -rf', (d) => `cp -rf ${d} /tmp/copy`],
  ['scp -r', (d) => `scp -r ${d} host:/nonexistent-dir`],
  ['rsync', (d) => `rsync ${d} /tmp/copy`],
  ['rsync -a', (d) => `rsync -a ${d} /tmp/copy`],
  ['tar czf', (d) => `tar czf /tmp/o.tgz ${d}`],
  ['tar -cf', (d) => `tar -cf /tmp/o.tar ${d}`],
  ['zip -r', (d) => `zip -r /tmp/o.zip ${d}`],
  ['zip', (d) => `zip /tmp/o.zip ${d}`],
  ['find -exec ;', (d) => `find ${d} -exec cat {} \\;`],
  ['find -exec +', (d) => `find ${d} -name '*.txt' -exec cat {} +`],
  ['find -execdir', (d) => `find ${d} -execdir cat {} \\;`],
  ['find -ok', (d) => `find ${d} -ok cat {} \\;`],
  ['find -okdir', (d) => `find ${d} -okdir cat {} \\;`],
  ['sudo grep -r', (d) => `sudo grep -r foo ${d}`],
  ['grep -r in $(…)', (d) => `echo $(grep -r foo ${d})`],
  ['rg after &&', (d) => `ls && rg foo ${d}`],
];

const DIRTY_DIRS = ['.', './', 'nested', 'nested/', '{root}', 'public', 'src/..', 'clean/..', 'build', '..', 'n*'];
const CLEAN_DIRS = ['src', 'clean', 'clean/sub', 'src/util', '../outside', 'clean/a.txt', 'cl*'];

function readers(): ScreenCase[] {
  const rows: ScreenCase[] = [];
  for (const [name, cmd] of READERS) {
    for (const d of DIRTY_DIRS) rows.push(deny(`I4 ${name} over ${d}, which holds an ignored entry`, cmd(d), undefined, 'I4'));
    for (const d of CLEAN_DIRS) {
      // "rg, ag and ack (with . implied when no directory is named)": a file is not a directory.
      if (d === 'clean/a.txt' && /^(?:rg|ag|ack)\b/.test(name)) rows.push(deny(`I4 ${name} over a file only: . is implied`, cmd(d), undefined, 'I4'));
      else rows.push(allow(`I4 ${name} over ${d}, which holds none`, cmd(d)));
    }
  }
  for (const c of ['rg foo', 'ag foo', 'ack foo', 'rg -n -i foo', 'ack --json foo']) {
    rows.push(deny(`I4 ${c}: . is implied`, c, undefined, 'I4'));
    rows.push(allow(`I4 ${c}: . is implied, a clean working directory`, c, { cwd: 'clean' }));
    rows.push(deny(`I4 ${c}: . is implied, a working directory with an ignored entry`, c, { cwd: 'nested' }, 'I4'));
  }
  rows.push(
    allow('I4 rg over clean directories only', 'rg foo src clean'),
    deny('I4 rg over a clean and a dirty directory', 'rg foo src nested', undefined, 'I4'),
    allow('I4 grep without -r over a directory', 'grep foo .'),
    allow('I4 grep -i is not recursive', 'grep -i foo nested'),
    allow('I4 cp without -r', 'cp src/app.ts /tmp/x'),
    allow('I4 find without an action', 'find . -name x'),
    allow('I4 find -delete is not listed', 'find clean -delete'),
    allow('I4 ls -R is not listed', 'ls -R .'),
    allow('I4 du -a is not listed', 'du -a .'),
    allow('I4 cat of a directory', 'cat .'),
  );
  return rows;
}

function limits(): ScreenCase[] {
  return [
    allow('I5 a path built at run time cannot be seen', 'cat $(printf .e; printf nv)'),
    allow('I5 a path built from a variable cannot be seen', 'f=.en; cat ${f}v'),
    allow('I5 a path inside a program string cannot be seen', `python3 -c "open('x.' + 'secret')"`),
    deny('R1 through the screen: an unparsable command is denied', 'cat .env &&', undefined, 'R1'),
    deny('R1 through the screen: a here-document is denied', 'cat <<EOF\n.env\nEOF', undefined, 'R1'),
  ];
}

/** Choices beyond the literal rule text (see the README): stricter readings of I3/I4. */
function choices(): ScreenCase[] {
  return [
    deny('choice: grep -r with no directory reads . (GNU grep)', 'grep -r foo', undefined, 'I4'),
    deny('choice: find with no path reads . (GNU find)', 'find -exec cat {} \\;', undefined, 'I4'),
    deny('choice: cd targets are extra bases', 'cd build && cat cache/x.txt'),
    deny('choice: cd then a relative path back to the root', 'cd src && cat ../app.secret'),
    deny('choice: cp with a cluster holding r', 'cp -vr . /tmp/x', undefined, 'I4'),
  ];
}

/** Every I1–I5 row (the root has `.quiverignore` {@link SCREEN_IGNORE}). */
export const screenCases: Record<string, ScreenCase[]> = {
  'I1/I3 candidates': candidates(),
  I2: globs(),
  I3: resolution(),
  I4: readers(),
  I5: limits(),
  choices: choices(),
};

/** A root whose ignore file matches nothing: the ignore file is still an ignored entry (P5, I4). */
export const ONLY_IGNORE_FILE_TREE: TreeEntry[] = [{ file: 'root/.quiverignore', content: '*.nomatch\n' }, 'root/sub/a.txt', 'root/b.txt'];
export const onlyIgnoreFileCases: ScreenCase[] = [
  deny('I4 the ignore file is an ignored entry of the root', 'grep -r foo .', undefined, 'I4'),
  deny('I4 the ignore file is an ignored entry of the root (rg)', 'rg foo', undefined, 'I4'),
  allow('I4 a folder without the ignore file', 'grep -r foo sub'),
  deny('I3 the ignore file itself', 'cat .quiverignore'),
  deny('I3 the ignore file itself through a glob', 'cat .q*'),
  allow('I3 other files', 'cat b.txt sub/a.txt'),
];

/** A root without any ignore file: nothing is ignored. */
export const NO_IGNORE_TREE: TreeEntry[] = ['root/.env', 'root/a.secret'];
export const noIgnoreCases: ScreenCase[] = [
  allow('no ignore file: .env is an ordinary file', 'cat .env'),
  allow('no ignore file: recursive readers pass', 'grep -r foo .'),
];
