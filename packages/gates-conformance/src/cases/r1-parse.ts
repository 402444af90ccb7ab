/**
 * R1 — parse it, or deny it. Each listed construct in many positions: first word, after
 * every separator, inside `$(…)`, backticks, subshells, assignment values, redirect targets,
 * here-strings, `sh -c` scripts and `eval`; and, where the rule says so, harmless inside quotes.
 */
import type { CommandCase } from '../case-types.js';
import { fail, OPEN, OPEN_R, pass } from './build.js';

/** Places where an unquoted word-level construct `x` stays live (so R1 must see it). */
export function liveSpots(x: string): Array<[string, string]> {
  const spots: Array<[string, string]> = [
    ['argument', `echo ${x}`],
    ['between arguments', `echo a ${x} b`],
    ['glued inside a word', `echo pre${x}post`],
    ['after &&', `ls && echo ${x}`],
    ['after ;', `ls; echo ${x}`],
    ['after ||', `ls || echo ${x}`],
    ['after |', `ls | grep ${x}`],
    ['after &', `ls & echo ${x}`],
    ['after a newline', `ls\necho ${x}`],
    ['inside $(…)', `echo $(echo ${x})`],
    ['inside "$(…)"', `echo "$(echo ${x})"`],
    ['inside a subshell', `(echo ${x})`],
    ['in an assignment value', `X=${x} ls`],
    ['in an assignment-only segment', `X=${x}`],
    ['in a redirect target', `echo a > ${x}`],
    ['in a here-string', `cat <<< ${x}`],
    ['inside <(…)', `cat <(echo ${x})`],
    ['after a wrapper', `sudo echo ${x}`],
  ];
  if (!x.includes('`')) spots.push(['inside backticks', `echo \`echo ${x}\``]);
  if (!x.includes("'")) {
    spots.push(['in an sh -c script', `sh -c 'echo ${x}'`], ['in an eval script', `eval 'echo ${x}'`]);
  }
  return spots;
}

/** Places where the construct is double-quoted at the top level. */
const doubleQuoted = (x: string): Array<[string, string]> => [
  ['double-quoted argument', `echo "${x}"`],
  ['inside a double-quoted string', `echo "a ${x} b"`],
  ['double-quoted assignment value', `X="${x}" ls`],
];

/** Places where the construct is plain text: single quotes and $'…'. */
const singleQuoted = (x: string): Array<[string, string]> => [
  ['single-quoted argument', `echo '${x}'`],
  ['inside a single-quoted string', `echo 'a ${x} b'`],
  ['single-quoted assignment value', `X='${x}' ls`],
  ['single-quoted here-string', `cat <<< '${x}'`],
];

const ARITHMETIC = ['$((1+2))', '$(( x * 2 ))', '$((x))', '$((1<<2))', '$[1+2]', '$[x]'];

const PARAM_OPERATORS = [
  '${x:-y}', '${x-y}', '${x:=y}', '${x=y}', '${x:?y}', '${x?y}', '${x:+y}', '${x+y}', '${#x}', '${!x}',
  '${!x*}', '${!x@}', '${x[0]}', '${x[@]}', '${x[*]}', '${x:1}', '${x:1:2}', '${x#y}', '${x##y}', '${x%y}',
  '${x%%y}', '${x/a/b}', '${x//a/b}', '${x/#a/b}', '${x/%a/b}', '${x^}', '${x^^}', '${x,}', '${x,,}',
  '${x@P}', '${x@Q}', '${x@E}', '${!x[@]}', '${x:-$(ls)}', '${HOME:-/tmp}', '${PATH/:/ }',
];

const PLAIN_PARAMS = ['${x}', '${HOME}', '${_a1}', '${ABC_DEF}', '$x', '$HOME', '$_'];

const HEREDOCS = [
  'cat <<EOF\nhello\nEOF',
  'cat <<EOF\nhello\nEOF\n',
  "cat <<'EOF'\nhello\nEOF",
  'cat <<"EOF"\nhello\nEOF',
  'cat << EOF\nhello\nEOF',
  'cat <<-EOF\n\thello\n\tEOF',
  'cat <<-  EOF\nhello\nEOF',
  'cat <<EOF',
];

/** Complete compound commands and other reserved-word constructs (all valid bash). */
const COMPOUNDS = [
  'if true; then ls; fi',
  'if ls; then ls; elif ls; then ls; else ls; fi',
  'case x in x) ls;; esac',
  'case x in *) ls;; esac',
  'for i in a b; do ls; done',
  'for ((i=0;i<2;i++)); do ls; done',
  'select i in a; do ls; done',
  'while false; do ls; done',
  'until true; do ls; done',
  'function f { ls; }',
  'function f() { ls; }',
  'f() { ls; }',
  'f () ( ls )',
  'f() { ls; }; f',
  '{ ls; }',
  '{ ls; } > /dev/null',
  '[[ -f x ]]',
  '[[ a == b ]]',
  '! ls',
  '! ls | cat',
  'time ls',
  'time -p ls',
  'coproc ls',
  'coproc x { ls; }',
];

/** Reserved words alone in command position (bash rejects most; the rule denies all). */
const RESERVED = ['if', 'then', 'elif', 'else', 'fi', 'case', 'esac', 'for', 'select', 'while', 'until', 'do', 'done', 'function', '{', '}', '[[', ']]', '!', 'time', 'coproc'];

const SYNTAX_ERRORS = [
  'ls &&', '&& ls', 'ls ||', '|| ls', 'ls |', '| ls', 'ls |&', ';;', 'ls ;;', 'ls;;', ';', '&', 'echo )', 'echo (',
  '(ls', 'ls)', '((ls)', 'echo $(ls', 'echo $(ls))', 'ls & &', 'ls ; ; ls', 'ls | | ls', 'ls &&& ls', 'ls |||',
  ')', '()', '( )', 'echo "a', "echo 'a", 'echo `a', 'echo "`a"', 'echo ${x', 'echo "${x"', 'echo "$(ls"',
  'ls >', 'ls <', 'ls 2>', 'ls >>', 'ls > > f', 'echo <(', 'echo $(', 'ls && && ls', 'ls; && ls', 'ls & ;',
  "echo 'a' 'b", 'echo "a" "b', 'X=$(ls', 'cat <<<', 'ls && (', '( ls ) )',
];

/** Control characters other than TAB and LF, and non-ASCII characters. */
const CONTROLS = [...Array.from({ length: 32 }, (_, i) => i).filter((i) => i !== 9 && i !== 10), 0x7f].map((c) => String.fromCharCode(c));
const NON_ASCII = ['\u0085', '\u00a0', '\u2028', '\u2029', '\ufeff', '\u200b', '\u3000', 'é', 'ｒ', 'а', '😀', '＄', '；', '\u2019', '\u201c', '\u0301', 'ß'];
const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

function wordConstructs(): CommandCase[] {
  const rows: CommandCase[] = [];
  for (const x of [...ARITHMETIC, ...PARAM_OPERATORS]) {
    const kind = x.startsWith('$((') || x.startsWith('$[') ? 'arithmetic' : '${…} operator';
    for (const [where, cmd] of [...liveSpots(x), ...doubleQuoted(x)]) rows.push(fail(`R1 ${kind} ${x} ${where}`, cmd, OPEN_R, 'R1'));
    for (const [where, cmd] of singleQuoted(x)) rows.push(pass(`R1 ${kind} ${x} ${where} is text`, cmd, OPEN_R));
    rows.push(pass(`R1 ${kind} ${x} escaped inside double quotes is text`, `echo "\\${x}"`, OPEN_R));
    rows.push(pass(`R1 ${kind} ${x} inside $'…' is text`, `echo $'${x}'`, OPEN_R));
  }
  for (const x of ['${x:-y}', '${#x}', '${!x}', '${x[0]}', '${x/a/b}']) {
    rows.push(pass(`R1 escaped \\${x} is text`, `echo \\${x}`, OPEN_R));
  }
  rows.push(pass('R1 escaped \\$[1+2] is text', 'echo \\$[1+2]', OPEN_R));
  for (const x of PLAIN_PARAMS) {
    for (const [where, cmd] of [...liveSpots(x), ...doubleQuoted(x), ...singleQuoted(x)]) rows.push(pass(`R1 plain ${x} ${where} is allowed`, cmd, OPEN_R));
  }
  return rows;
}

function arithmeticCommands(): CommandCase[] {
  const rows: CommandCase[] = [];
  for (const a of ['((x++))', '((1))', '(( x = 1 + 2 ))', '((x))']) {
    rows.push(fail(`R1 arithmetic command ${a}`, a, OPEN, 'R1'));
    rows.push(fail(`R1 arithmetic command ${a} after &&`, `ls && ${a}`, OPEN, 'R1'));
    rows.push(fail(`R1 arithmetic command ${a} inside $(…)`, `echo $(${a})`, OPEN, 'R1'));
    rows.push(fail(`R1 arithmetic command ${a} in sh -c`, `sh -c '${a}'`, OPEN, 'R1'));
    rows.push(fail(`R1 arithmetic command ${a} in eval`, `eval '${a}'`, OPEN, 'R1'));
  }
  return rows;
}

function heredocs(): CommandCase[] {
  const rows: CommandCase[] = [];
  for (const h of HEREDOCS) {
    for (const cfg of [OPEN, OPEN_R]) {
      rows.push(fail(`R1 here-document ${JSON.stringify(h)}`, h, cfg, 'R1'));
      rows.push(fail(`R1 here-document after && ${JSON.stringify(h)}`, `ls && ${h}`, cfg, 'R1'));
    }
    rows.push(fail(`R1 here-document inside $(…) ${JSON.stringify(h)}`, `echo $(${h}\n)`, OPEN_R, 'R1'));
    rows.push(fail(`R1 here-document inside a subshell ${JSON.stringify(h)}`, `(${h}\n)`, OPEN_R, 'R1'));
  }
  rows.push(fail('R1 here-document in sh -c', "sh -c 'cat <<EOF\nx\nEOF'", OPEN_R, 'R1'));
  rows.push(fail('R1 here-document in eval', "eval 'cat <<EOF\nx\nEOF'", OPEN_R, 'R1'));
  rows.push(fail('R1 here-document with a leading fd', 'cat 0<<EOF\nx\nEOF', OPEN_R, 'R1'));
  rows.push(pass('R1 "<<" inside quotes is text', "echo '<<EOF'", OPEN));
  rows.push(pass('R1 "<<" inside double quotes is text', 'echo "a <<EOF"', OPEN));
  return rows;
}

function reservedWords(): CommandCase[] {
  const rows: CommandCase[] = [];
  const wraps: Array<[string, (c: string) => string]> = [
    ['first', (c) => c],
    ['after ;', (c) => `ls; ${c}`],
    ['after &&', (c) => `ls && ${c}`],
    ['after ||', (c) => `ls || ${c}`],
    ['after |', (c) => `ls | ${c}`],
    ['after &', (c) => `ls & ${c}`],
    ['after a newline', (c) => `ls\n${c}`],
    ['inside $(…)', (c) => `echo $(${c})`],
    ['inside "$(…)"', (c) => `echo "$(${c})"`],
    ['inside backticks', (c) => `echo \`${c}\``],
    ['inside a subshell', (c) => `(${c})`],
    ['inside <(…)', (c) => `cat <(${c})`],
    ['in an assignment value', (c) => `X=$(${c}) ls`],
  ];
  for (const c of COMPOUNDS) {
    for (const [where, wrap] of wraps) rows.push(fail(`R1 compound "${c}" ${where}`, wrap(c), OPEN_R, 'R1'));
    if (!c.includes("'")) {
      rows.push(fail(`R1 compound "${c}" in sh -c`, `bash -c '${c}'`, OPEN_R, 'R1'));
      rows.push(fail(`R1 compound "${c}" in eval`, `eval '${c}'`, OPEN_R, 'R1'));
    }
    rows.push(pass(`R1 compound "${c}" single-quoted is text`, `echo '${c}'`, OPEN_R));
  }
  for (const w of RESERVED) {
    rows.push(fail(`R1 reserved word ${w} as the command`, `${w} x`, OPEN, 'R1'));
    rows.push(fail(`R1 reserved word ${w} alone`, w, OPEN, 'R1'));
    rows.push(fail(`R1 reserved word ${w} after &&`, `ls && ${w} x`, OPEN, 'R1'));
    rows.push(fail(`R1 reserved word ${w} inside $(…)`, `echo $(${w} x)`, OPEN, 'R1'));
    rows.push(pass(`R1 reserved word ${w} as an argument`, `echo ${w}`, OPEN));
    rows.push(pass(`R1 reserved word ${w} as a later argument`, `git commit -m x ${w} y`, OPEN));
  }
  rows.push(pass('R1 every reserved word as arguments', 'echo if then elif else fi case esac for select while until do done function { } [[ ]] ! time coproc', OPEN));
  return rows;
}

function syntaxErrors(): CommandCase[] {
  const rows: CommandCase[] = [];
  for (const s of SYNTAX_ERRORS) {
    rows.push(fail(`R1 syntax error ${JSON.stringify(s)}`, s, OPEN, 'R1'));
    rows.push(fail(`R1 syntax error ${JSON.stringify(s)} (allow *)`, s, { allow: ['*'], allowRedirects: true }, 'R1'));
  }
  for (const s of ['ls &&', 'echo (', 'echo "a', 'ls |']) {
    rows.push(fail(`R1 syntax error in sh -c ${JSON.stringify(s)}`, `sh -c ${JSON.stringify(s)}`, OPEN, 'R1'));
    rows.push(fail(`R1 syntax error in eval ${JSON.stringify(s)}`, `eval ${JSON.stringify(s)}`, OPEN, 'R1'));
  }
  return rows;
}

function characters(): CommandCase[] {
  const rows: CommandCase[] = [];
  for (const c of [...CONTROLS, ...NON_ASCII]) {
    const kind = c.charCodeAt(0) < 0x80 ? 'control' : 'non-ASCII';
    const name = `${kind} ${hex(c)}`;
    const live: Array<[string, string]> = [
      ['inside an argument', `echo a${c}b`],
      ['at the end of an argument', `echo a${c}`],
      ['after &&', `ls && echo a${c}b`],
      ['inside $(…)', `echo $(echo a${c}b)`],
      ['inside "$(…)"', `echo "$(echo a${c}b)"`],
      ['in an assignment value', `X=a${c}b ls`],
      ['inside a comment', `ls # a${c}b`],
    ];
    // mvdan, like bash reading input, drops a NUL, so a quoted NUL never reaches a script.
    if (c !== '\0') live.push(['in an sh -c script', `sh -c 'echo a${c}b'`]);
    for (const [where, cmd] of live) rows.push(fail(`R1 unquoted ${name} ${where}`, cmd, OPEN, 'R1'));
    const quoted: Array<[string, string]> = [
      ['double-quoted', `echo "a${c}b"`],
      ['single-quoted', `echo 'a${c}b'`],
      ["in $'…'", `echo $'a${c}b'`],
      ['in $"…"', `echo $"a${c}b"`],
      ['in a quoted assignment value', `X='a${c}b' ls`],
      ['in a quoted here-string', `cat <<< "a${c}b"`],
    ];
    for (const [where, cmd] of quoted) rows.push(pass(`R1 ${name} ${where} is fine`, cmd, OPEN_R));
  }
  rows.push(fail('R1 CR at the end', 'ls\r', OPEN, 'R1'));
  rows.push(fail('R1 CRLF between commands', 'ls\r\nls', OPEN, 'R1'));
  rows.push(fail('R1 unquoted NUL between commands', 'ls\0; rm x', OPEN, 'R1'));
  rows.push(fail('R1 full-width command', 'ｒｍ -rf /', OPEN, 'R1'));
  rows.push(fail('R1 homoglyph command word', 'ls && сurl x', OPEN, 'R1'));
  for (const e of ['echo $()', 'echo $( )', 'echo "$()"', 'echo ``', 'cat <()', 'tee >()', 'echo $(# only a comment)', '()', '( )', 'ls && ( )', 'X=$() ls']) {
    rows.push(fail(`R1 empty nested command ${JSON.stringify(e)} (parsed with all the rules)`, e, OPEN, 'R1'));
  }
  rows.push(pass('R1 TAB between words is fine', 'echo\ta\tb', OPEN));
  rows.push(pass('R1 LF separates commands', 'ls\nls', OPEN));
  rows.push(pass("R1 $'\\r' escape is decoded inside quoting", "echo $'\\r\\x1b\\0'", OPEN));
  return rows;
}

function emptyAndComments(): CommandCase[] {
  const rows: CommandCase[] = [];
  for (const e of ['', ' ', '  ', '\t', '\n', '\n\n', ' \n\t ', '#', '# comment', '   # comment', '\n# c\n', '# a\n# b', '#!/bin/sh', '\\\n', ' \\\n ']) {
    rows.push(fail(`R1 empty, blank or comment-only ${JSON.stringify(e)}`, e, OPEN, 'R1'));
    rows.push(fail(`R1 empty, blank or comment-only ${JSON.stringify(e)} (allow *)`, e, { allow: ['*'] }, 'R1'));
  }
  const exact = (t: string) => ({ allow: [t] });
  rows.push(pass('R1 # mid-word is text', 'echo a#b', exact('echo a#b')));
  rows.push(fail('R1 # mid-word is text (not a comment)', 'echo a#b', exact('echo a'), 'R7'));
  rows.push(pass('R1 # mid-word, several', 'echo x#y#z', exact('echo x#y#z')));
  rows.push(pass('R1 # mid-word in an option', 'ls --color=#1', exact('ls --color=#1')));
  rows.push(pass('R1 # at a word start is a comment', 'echo a #b', exact('echo a')));
  rows.push(pass('R1 # right after ; is a comment', 'echo a;#b', exact('echo a')));
  rows.push(pass('R1 # word-initial after a tab is a comment', 'echo a\t#b c', exact('echo a')));
  rows.push(pass('R1 comment hides the rest of the line only', 'echo a #b; rm x\nls', { allow: ['echo a', 'ls'] }));
  rows.push(fail('R1 comment ends at the newline', 'echo a #b\nrm x', { allow: ['echo a'] }, 'R7'));
  rows.push(pass('R1 mid-word # does not hide a later ;', 'echo a#b; ls', { allow: ['echo a#b', 'ls'] }));
  rows.push(fail('R1 mid-word # does not hide a later ; (rm)', 'echo a#b; rm x', { allow: ['echo *'] }, 'R7'));
  rows.push(pass('R1 escaped # is text', 'echo \\#b', exact('echo #b')));
  rows.push(pass('R1 quoted # is text', "echo '#b' \"#c\"", exact('echo #b #c')));
  rows.push(pass('R1 # after a closing quote is mid-word', 'echo "a"#b', exact('echo a#b')));
  rows.push(pass("R1 # after a closing single quote is mid-word", "echo 'a'#b", exact('echo a#b')));
  rows.push(fail('R1 # after a closing quote does not hide ;', 'echo "a"#b; rm x', { allow: ['echo *'] }, 'R7'));
  rows.push(pass('R1 # after $name is mid-word', 'echo $x#y', exact('echo $x#y')));
  rows.push({
    ...pass('R1 # mid-word inside $(…), after a quote', 'echo $(echo "q"#r)', { allow: ['echo *'] }),
    knownGap: 'mvdan reads `#r)` as a comment, so the $( is unbalanced; denied as a parse error (fail closed)',
  });
  rows.push(pass('R1 # in a commit message', 'git commit -m "fix #12"', exact('git commit -m fix #12')));
  return rows;
}

function quotingAndContinuation(): CommandCase[] {
  const curl = { deny: ['curl *'] };
  const rows: CommandCase[] = [];
  for (const w of ["$'\\x63url'", "$'\\143url'", "$'\\u0063url'", "$'c\\x75rl'", "$'\\x63\\x75\\x72\\x6c'", "c$'u'rl", "$'\\U00000063url'"]) {
    rows.push(fail(`R1 $'…' decodes ${w} to curl (deny)`, `${w} http://x`, curl, 'R7'));
    rows.push(pass(`R1 $'…' decodes ${w} to curl (allow)`, `${w} http://x`, { allow: ['curl *'] }));
  }
  rows.push(pass("R1 $'…' decodes \\x20 in an argument", "echo $'a\\x20b'", { allow: ['echo a b'] }));
  rows.push(pass("R1 $'…' decodes \\t", "echo $'a\\tb'", { allow: ['echo a\tb'] }));
  rows.push(pass("R1 $'…' decodes \\'", "echo $'it\\'s'", { allow: ["echo it's"] }));
  rows.push(pass('R1 backslash-newline inside the command word', 'ec\\\nho hi', { allow: ['echo hi'] }));
  rows.push(pass('R1 backslash-newline inside an argument', 'echo a\\\nb', { allow: ['echo ab'] }));
  rows.push(pass('R1 backslash-newline between words', 'echo a \\\nb', { allow: ['echo a b'] }));
  rows.push(pass('R1 backslash-newline before the first word', '\\\necho a', { allow: ['echo a'] }));
  rows.push(fail('R1 backslash-newline joins rm', 'r\\\nm -rf x', { deny: ['rm *'] }, 'R7'));
  rows.push(pass('R1 backslash-newline inside double quotes is removed', 'echo "a\\\nb"', { allow: ['echo ab'] }));
  rows.push(pass('R1 backslash-newline inside single quotes stays', "echo 'a\\\nb'", { allow: ['echo a\\\nb'] }));
  rows.push(pass('R1 backslash-newline continues a pipeline', 'ls | \\\ngrep x', { allow: ['ls', 'grep x'] }));
  rows.push(pass('R1 backslash-newline after &&', 'ls && \\\nls', { allow: ['ls'] }));
  return rows;
}

/** Every R1 row. */
export const r1Cases: CommandCase[] = [
  ...wordConstructs(),
  ...arithmeticCommands(),
  ...heredocs(),
  ...reservedWords(),
  ...syntaxErrors(),
  ...characters(),
  ...emptyAndComments(),
  ...quotingAndContinuation(),
];
