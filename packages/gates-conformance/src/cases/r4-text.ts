/**
 * R4 — segment text: assignments kept, quotes removed (no expansion), words joined by one
 * space, redirections and their targets removed, substitutions and `$name` kept as source.
 * Each row is checked twice: an allow list holding exactly the expected text passes, and one
 * holding a near miss does not.
 */
import type { CommandCase } from '../case-types.js';
import { fail, pass } from './build.js';

/** [command, expected R4 text of its (only) top-level segment]. */
export const TEXTS: Array<[string, string]> = [
  ['FOO=bar npm test', 'FOO=bar npm test'],
  ['FOO=bar  BAZ=qux   npm   test', 'FOO=bar BAZ=qux npm test'],
  ['FOO="a b" npm test', 'FOO=a b npm test'],
  ["FOO='x' npm", 'FOO=x npm'],
  ['FOO=$HOME npm', 'FOO=$HOME npm'],
  ['FOO=$(date) npm', 'FOO=$(date) npm'],
  ['FOO=', 'FOO='],
  ['FOO=bar', 'FOO=bar'],
  ['FOO=bar BAR=baz', 'FOO=bar BAR=baz'],
  ['A=1 B="2 3" C=\'4\' env', 'A=1 B=2 3 C=4 env'],
  ['echo "hello world"', 'echo hello world'],
  ["echo 'hello world'", 'echo hello world'],
  ["echo 'a'\"b\"c", 'echo abc'],
  ['echo a\\ b', 'echo a b'],
  ['echo \\"q\\"', 'echo "q"'],
  ['echo "a\\"b"', 'echo a"b'],
  ['echo "a\\\\b"', 'echo a\\b'],
  ['echo "a\\nb"', 'echo a\\nb'],
  ["echo 'a\\nb'", 'echo a\\nb'],
  ["echo $'a\\nb'", 'echo a\nb'],
  ["echo $'a\\x41'", 'echo aA'],
  ['echo $"hi there"', 'echo hi there'],
  ["echo 'it'\\''s'", "echo it's"],
  ['echo\ta\t\tb', 'echo a b'],
  ['  echo   hi  ', 'echo hi'],
  ['echo hi;', 'echo hi'],
  ['echo hi &', 'echo hi'],
  ['"git" "status"', 'git status'],
  ["e'ch'o hi", 'echo hi'],
  ['\\echo hi', 'echo hi'],
  ['echo hi > out.txt', 'echo hi'],
  ['echo hi >out.txt', 'echo hi'],
  ['>out.txt echo hi', 'echo hi'],
  ['echo >out.txt hi', 'echo hi'],
  ['echo hi >> out.txt', 'echo hi'],
  ['echo hi >| out.txt', 'echo hi'],
  ['echo hi &> out.txt', 'echo hi'],
  ['echo hi &>> out.txt', 'echo hi'],
  ['echo hi 2> err.txt', 'echo hi'],
  ['echo hi 2>>err.txt', 'echo hi'],
  ['echo hi >& out.txt', 'echo hi'],
  ['cat < in.txt', 'cat'],
  ['cat <in.txt -n', 'cat -n'],
  ['cat 0< in.txt', 'cat'],
  ['cat <> f', 'cat'],
  ['cat <<< word', 'cat'],
  ["cat <<< 'two words'", 'cat'],
  ['ls 2>&1', 'ls'],
  ['ls -l 2>&1 >/dev/null', 'ls -l'],
  ['ls >&2', 'ls'],
  ['ls 2>&-', 'ls'],
  ['FOO=1 ls > f', 'FOO=1 ls'],
  ['echo $HOME', 'echo $HOME'],
  ['echo "$HOME"', 'echo $HOME'],
  ['echo ${HOME}', 'echo ${HOME}'],
  ['echo "${HOME}"', 'echo ${HOME}'],
  ['echo $HOME/x', 'echo $HOME/x'],
  ['echo "$HOME"/x', 'echo $HOME/x'],
  ['echo $1 $@ $? $$ $#', 'echo $1 $@ $? $$ $#'],
  ['echo $(whoami)', 'echo $(whoami)'],
  ['echo "$(whoami)"', 'echo $(whoami)'],
  ['echo `whoami`', 'echo `whoami`'],
  ['echo "`whoami`"', 'echo `whoami`'],
  ['echo $( whoami )', 'echo $( whoami )'],
  ['echo "x$(whoami)y"', 'echo x$(whoami)y'],
  ['echo $(echo "a  b")', 'echo $(echo "a  b")'],
  ["echo $(echo 'c  d')", "echo $(echo 'c  d')"],
  ['echo <(ls)', 'echo <(ls)'],
  ['echo >(ls)', 'echo >(ls)'],
  ['echo $(ls | wc -l)', 'echo $(ls | wc -l)'],
  ["echo '$HOME'", 'echo $HOME'],
  ['echo \\$HOME', 'echo $HOME'],
  ['echo *', 'echo *'],
  ['echo "*"', 'echo *'],
  ['echo ~', 'echo ~'],
  ['echo ~/x', 'echo ~/x'],
  ['echo {a,b}', 'echo {a,b}'],
  ['echo a{1..3}', 'echo a{1..3}'],
  ['echo [ab]', 'echo [ab]'],
  ['echo ""', 'echo '],
  ["echo '' x", 'echo  x'],
  ['echo a\\\nb', 'echo ab'],
  ['ls -la --color=auto', 'ls -la --color=auto'],
  ['git commit -m "fix: a  b"', 'git commit -m fix: a  b'],
];

/** The texts of the nested commands in {@link TEXTS}, which must pass too (R3). */
const NESTED = ['date', 'whoami', 'ls', 'wc -l', 'echo a  b', 'echo c  d'];

function rows(): CommandCase[] {
  const out: CommandCase[] = [];
  for (const [input, text] of TEXTS) {
    const exact = [text];
    const nested = /\$\(|`|[<>]\(/.test(input) ? NESTED : [];
    out.push(pass(`R4 text of ${JSON.stringify(input)} is ${JSON.stringify(text)}`, input, { allow: [...exact, ...nested], allowRedirects: true }));
    out.push(fail(`R4 text of ${JSON.stringify(input)} is not longer`, input, { allow: [`${text}x`, ...nested], allowRedirects: true }, 'R7'));
    if (!text.includes('*') && !text.includes('?')) {
      out.push(fail(`R4 deny pattern sees the text of ${JSON.stringify(input)}`, input, { deny: exact, allowRedirects: true }, 'R7'));
    }
  }
  return out;
}

function raw(): CommandCase[] {
  return [
    fail('R4 quotes are removed, so a quoted pattern does not match', 'echo "hello world"', { allow: ['echo "hello world"'] }, 'R7'),
    fail('R4 $HOME is not expanded', 'echo $HOME', { allow: [`echo ${process.env.HOME ?? '/root'}`] }, 'R7'),
    fail('R4 assignments stay: FOO=1 npm test does not match npm *', 'FOO=1 npm test', { allow: ['npm *'] }, 'R7'),
    pass('R4 assignments stay: FOO=1 npm test matches FOO=1 npm *', 'FOO=1 npm test', { allow: ['FOO=1 npm *'] }),
    pass('R4 assignment-only segment matched like any other', 'FOO=bar', { allow: ['FOO=*'] }),
    fail('R4 assignment-only segment needs an allow pattern', 'FOO=bar', { allow: ['ls'] }, 'R7'),
    fail('R4 assignment-only segment can be denied', 'FOO=bar', { deny: ['FOO=*'] }, 'R7'),
    pass('R4 assignment-only segment passes with no lists', 'FOO=bar', {}),
    fail('R4 deny pattern with assignments matches the kept assignment', 'LD_PRELOAD=x ls', { deny: ['LD_PRELOAD=*'] }, 'R7'),
    fail('R4 redirect target is not in the text', 'echo hi > out.txt', { allow: ['echo hi > out.txt'], allowRedirects: true }, 'R7'),
    fail('R4 substitution text is kept, not its output', 'echo $(echo hi)', { allow: ['echo hi'] }, 'R7'),
    fail('R4 $name kept as source does not match a literal expansion', 'ls $DIR', { allow: ['ls src'] }, 'R7'),
    pass('R4 $name kept as source matches the same source', 'ls $DIR', { allow: ['ls $DIR'] }),
  ];
}

/** Every R4 row. */
export const r4Cases: CommandCase[] = [...rows(), ...raw()];
