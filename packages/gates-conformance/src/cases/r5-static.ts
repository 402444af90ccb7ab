/**
 * R5 — the command word (first word after the assignments) must be fixed text: no unquoted
 * expansion, no unquoted `*` `?` `[…]` `{`, no leading `~`. `$'…'` and `$"…"` are quoting.
 * Checked at the top, after assignments, after separators, nested, and as a wrapper's inner
 * command (R8 applies R5 to it).
 */
import type { CommandCase } from '../case-types.js';
import { fail, OPEN, pass } from './build.js';

/** Command words that are not fixed text. */
export const DYNAMIC_WORDS = [
  '$CMD', '${CMD}', '$(echo ls)', '`echo ls`', '"$CMD"', '"${CMD}"', '"$(echo ls)"', '"`echo ls`"', 'l$X', '/bin/$X',
  '$X/ls', 'l"$X"', '$1', '$@', '$?', '$_', 'l*', '*', 'l?', '?', '[l]s', 'l[s]', '/bin/l[s]', '{ls,rm}', 'l{s,x}',
  'a{b', '{a}', 'ls{', '{x', '~/bin/ls', '~', '~root/ls', '~+/ls', '~/ls', '*ls', '/usr/*/ls', 'ls*', '/bin/?s',
];

/** Command words that are fixed text (quoted or escaped specials, or none). */
export const STATIC_WORDS: Array<[string, string]> = [
  ["'$CMD'", '$CMD'],
  ["'l*'", 'l*'],
  ['"l*"', 'l*'],
  ['l\\*', 'l*'],
  ['"l?"', 'l?'],
  ["'[l]s'", '[l]s'],
  ['\\[l]s', '[l]s'],
  ["'{ls,rm}'", '{ls,rm}'],
  ['\\{ls,rm}', '{ls,rm}'],
  ['\\~/bin/ls', '~/bin/ls'],
  ["'~'/bin/ls", '~/bin/ls'],
  ['"~/bin/ls"', '~/bin/ls'],
  ['a~b', 'a~b'],
  ['ls~', 'ls~'],
  ["$'\\x6cs'", 'ls'],
  ["$'ls'", 'ls'],
  ['$"ls"', 'ls'],
  ['/usr/bin/ls', '/usr/bin/ls'],
  ['./script.sh', './script.sh'],
  ['../bin/tool', '../bin/tool'],
  ['ls', 'ls'],
  ['[', '['],
  ['a]', 'a]'],
  ['l"s"', 'ls'],
  ['"[l]s"', '[l]s'],
  ['git-lfs', 'git-lfs'],
  ['a,b', 'a,b'],
  ['@x', '@x'],
  ['%x', '%x'],
  ['+x', '+x'],
  ['a}', 'a}'],
  ['-x', '-x'],
];

function positions(w: string): Array<[string, string]> {
  return [
    ['first', `${w} x`],
    ['alone', w],
    ['after an assignment', `FOO=1 ${w} x`],
    ['after two assignments', `A=1 B=$(date) ${w}`],
    ['after &&', `ls && ${w} x`],
    ['after |', `ls | ${w}`],
    ['after ;', `ls; ${w}`],
    ['inside $(…)', `echo $(${w} x)`],
    ['inside a subshell', `(${w} x)`],
    ['behind a redirection', `> /dev/null ${w} x`],
  ];
}

function wrapped(w: string): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['after sudo', `sudo ${w} x`],
    ['after env', `env ${w} x`],
    ['after env NAME=VALUE', `env A=1 ${w} x`],
    ['after command', `command ${w} x`],
    ['after exec', `exec ${w} x`],
    ['after nice -n 5', `nice -n 5 ${w} x`],
    ['after nohup', `nohup ${w} x`],
    ['after timeout 5', `timeout 5 ${w} x`],
    ['after xargs', `xargs ${w} x`],
    ['after xargs -n1', `xargs -n1 ${w}`],
    ['after stdbuf -oL', `stdbuf -oL ${w}`],
    ['after find -exec', `find . -exec ${w} {} \\;`],
    ['in eval', `eval ${w} x`],
  ];
  if (!w.includes("'")) rows.push(['in sh -c', `sh -c '${w} x'`], ['in bash -c', `bash -c '${w} x'`]);
  return rows;
}

function cases(): CommandCase[] {
  const rows: CommandCase[] = [];
  const open = { ...OPEN, allowRedirects: true };
  for (const w of DYNAMIC_WORDS) {
    for (const [where, cmd] of positions(w)) rows.push(fail(`R5 dynamic command word ${w} ${where}`, cmd, open));
    for (const [where, cmd] of wrapped(w)) rows.push(fail(`R5 dynamic inner command word ${w} ${where}`, cmd, open));
    rows.push(pass(`R5 dynamic ${w} as an argument is fine`, `ls ${w}`, open));
  }
  for (const [w, value] of STATIC_WORDS) {
    for (const [where, cmd] of positions(w)) rows.push(pass(`R5 fixed command word ${w} ${where}`, cmd, open));
    rows.push(pass(`R5 fixed command word ${w} matches by its value`, `${w} x`, { allow: [`${value} x`] }));
  }
  return rows;
}

function quoting(): CommandCase[] {
  return [
    fail("R5 $'\\x63url' is the fixed word curl (deny)", "$'\\x63url' x", { deny: ['curl *'] }, 'R7'),
    pass("R5 $'\\x63url' is the fixed word curl (allow)", "$'\\x63url' x", { allow: ['curl *'] }),
    fail('R5 $"curl" is the fixed word curl', '$"curl" x', { deny: ['curl *'] }, 'R7'),
    fail('R5 "cu"rl is the fixed word curl', '"cu"rl x', { deny: ['curl *'] }, 'R7'),
    fail('R5 \\curl is the fixed word curl', '\\curl x', { deny: ['curl *'] }, 'R7'),
    fail('R5 c\\url is the fixed word curl', 'c\\url x', { deny: ['curl *'] }, 'R7'),
    fail('R5 dynamic word denied even with allow *', '$CMD x', { allow: ['*'] }),
    fail('R5 dynamic word denied even when a pattern matches its source', '$CMD x', { allow: ['$CMD *'] }),
    fail('R5 glob word denied even when a pattern matches it', 'l* x', { allow: ['l* *'] }),
    fail('R5 ~ word denied even when a pattern matches it', '~/bin/tool x', { allow: ['~/bin/tool *'] }),
    pass('R5 assignment values may be dynamic', 'FOO=$(date) BAR=$X ls', {}),
    pass('R5 arguments may be dynamic', 'ls $X * ~ {a,b} [ab] $(date) `date`', {}),
  ];
}

/** Every R5 row. */
export const r5Cases: CommandCase[] = [...cases(), ...quoting()];
