/**
 * R3 — nested commands of every kind, checked recursively with all the rules; literal text
 * inside single quotes or when escaped.
 */
import type { CommandCase, PermissionsConfig } from '../case-types.js';
import { DENY_RM, fail, pass } from './build.js';

/** Places a nested command `c` is live. `c` never contains `'` or a backtick. */
export function nestings(c: string): Array<[string, string]> {
  return [
    ['$(…)', `echo $(${c})`],
    ['$( … ) with blanks', `echo $( ${c} )`],
    ['"$(…)"', `echo "$(${c})"`],
    ['"…$(…)…"', `echo "a $(${c}) b"`],
    ['$(…) glued to text', `echo pre$(${c})post`],
    ['backticks', `echo \`${c}\``],
    ['backticks in double quotes', `echo "\`${c}\`"`],
    ['<(…)', `cat <(${c})`],
    ['>(…)', `tee >(${c})`],
    ['<(…) second argument', `diff <(ls) <(${c})`],
    ['subshell', `(${c})`],
    ['subshell with blanks', `( ${c} )`],
    ['subshell after &&', `ls && (${c})`],
    ['subshell in a pipeline', `ls | (${c})`],
    ['subshell inside a subshell', `( (${c}) )`],
    ['subshell with a redirect', `(${c}) > /dev/null`],
    ['$(…) in an assignment value', `X=$(${c}) ls`],
    ['"$(…)" in an assignment value', `X="$(${c})" ls`],
    ['backticks in an assignment value', `X=\`${c}\` ls`],
    ['$(…) in an assignment-only segment', `X=$(${c})`],
    ['$(…) in an export argument', `export X=$(${c})`],
    ['$(…) in a redirect target', `ls > $(${c})`],
    ['"$(…)" in a redirect target', `ls > "$(${c})"`],
    ['$(…) in an input redirect target', `cat < $(${c})`],
    ['$(…) in a here-string', `cat <<< $(${c})`],
    ['"$(…)" in a here-string', `cat <<< "$(${c})"`],
    ['$(…) inside $(…)', `echo $(echo $(${c}))`],
    ['subshell inside $(…)', `echo $( (${c}) )`],
    ['$(…) inside nested double quotes', `echo "a $(echo "b $(${c})")"`],
    ['$(…) after ; inside $(…)', `echo $(ls; ${c})`],
    ['$(…) in a pipeline inside $(…)', `echo $(ls | ${c})`],
    ['$(…) with && inside', `echo $(ls && ${c})`],
    ['$(…) as a wrapper argument', `sudo echo $(${c})`],
    ['$(…) as a later argument', `ls -l $(${c}) x`],
    ['<(…) inside $(…)', `echo $(cat <(${c}))`],
    ['$(…) in an sh -c script', `sh -c 'echo $(${c})'`],
    ["$(…) in an eval script (single quotes at the top)", `eval 'echo $(${c})'`],
    ["$(…) in an eval script after quote removal", `eval echo '$(${c})'`],
    ['$"…" keeps $(…) live', `echo $"$(${c})"`],
  ];
}

/** Places the same text is literal. */
function literal(c: string): Array<[string, string]> {
  return [
    ['$(…) in single quotes', `echo '$(${c})'`],
    ['backticks in single quotes', `echo '\`${c}\`'`],
    ['$(…) in $\'…\'', `echo $'$(${c})'`],
    ['escaped $ in double quotes', `echo "\\$(${c})"`],
    ['escaped backticks in double quotes', `echo "\\\`${c}\\\`"`],
    ['escaped backticks', `echo \\\`${c}\\\``],
    ['subshell text in single quotes', `echo '(${c})'`],
    ['<(…) in single quotes', `echo '<(${c})'`],
    ['single-quoted here-string', `cat <<< '$(${c})'`],
    ['single-quoted assignment value', `X='$(${c})' ls`],
  ];
}

const INNER_DENIED = ['rm x', 'rm -rf /', '/bin/rm x', 'rm', './rm x'];
const ALLOW_LIST: PermissionsConfig = {
  allow: ['echo *', 'ls', 'ls *', 'cat *', 'cat', 'tee *', 'diff *', 'sudo *', 'export *', 'X=*', 'sh *', 'eval *', 'date'],
  allowRedirects: true,
};

function cases(): CommandCase[] {
  const rows: CommandCase[] = [];
  for (const inner of INNER_DENIED) {
    for (const [where, cmd] of nestings(inner)) rows.push(fail(`R3 "${inner}" nested in ${where}`, cmd, DENY_RM, 'R7'));
    for (const [where, cmd] of literal(inner)) rows.push(pass(`R3 "${inner}" is literal in ${where}`, cmd, DENY_RM));
  }
  for (const [where, cmd] of nestings('whoami')) rows.push(fail(`R3 unlisted "whoami" nested in ${where}`, cmd, ALLOW_LIST, 'R7'));
  for (const [where, cmd] of nestings('date')) rows.push(pass(`R3 listed "date" nested in ${where}`, cmd, ALLOW_LIST));
  for (const [where, cmd] of literal('whoami')) rows.push(pass(`R3 "whoami" literal in ${where}`, cmd, ALLOW_LIST));
  return rows;
}

function special(): CommandCase[] {
  const echo: PermissionsConfig = { allow: ['echo *'] };
  return [
    pass('R3 baseline: echo $(whoami) with whoami allowed', 'echo $(whoami)', { allow: ['echo *', 'whoami'] }),
    fail('R3 baseline: echo $(cat /etc/passwd)', 'echo $(cat /etc/passwd)', echo, 'R7'),
    pass('R3 baseline: (cd /tmp && npm test)', '(cd /tmp && npm test)', { allow: ['cd *', 'npm *'] }),
    fail('R3 baseline: (cd /tmp && rm -rf /)', '(cd /tmp && rm -rf /)', { allow: ['cd *'] }, 'R7'),
    pass('R3 baseline: three levels', 'echo $(cat $(head -1 files.txt))', { allow: ['echo *', 'cat *', 'head *'] }),
    fail('R3 baseline: three levels, innermost unlisted', 'echo $(cat $(head -1 files.txt))', { allow: ['echo *', 'cat *'] }, 'R7'),
    fail('R3 backticks nested inside backticks', 'echo `echo \\`rm x\\``', DENY_RM, 'R7'),
    fail('R3 nested substitution five deep', 'echo $(echo $(echo $(echo $(echo $(rm x)))))', DENY_RM, 'R7'),
    fail('R3 process substitution as a redirect target', 'cat < <(rm x)', DENY_RM, 'R7'),
    fail('R3 output process substitution as a redirect target', 'ls > >(rm x)', DENY_RM, 'R7'),
    fail('R3 substitution in a here-string glued to text', 'cat <<< a$(rm x)b', DENY_RM, 'R7'),
    fail('R3 substitution in an fd redirect target', 'ls 2> $(rm x)', DENY_RM, 'R7'),
    fail('R3 substitution in a declare argument', 'declare X=$(rm x)', DENY_RM, 'R7'),
    fail('R3 substitution in a local/readonly argument', 'readonly X=$(rm x)', DENY_RM, 'R7'),
    fail('R3 substitution in an appending assignment', 'X+=$(rm x) ls', DENY_RM, 'R7'),
    fail('R3 substitution as the whole command word is nested and dynamic', '$(rm x)', DENY_RM),
    fail('R3 substitution in a dropped wrapper option value', 'sudo -u $(rm x) ls', DENY_RM, 'R7'),
    fail('R3 substitution in timeout DURATION', 'timeout $(rm x) ls', DENY_RM, 'R7'),
    fail('R3 substitution in an env NAME=VALUE', 'env A=$(rm x) ls', DENY_RM, 'R7'),
    fail('R3 substitution in xargs -I', 'xargs -I $(rm x) ls', DENY_RM, 'R7'),
    fail('R3 substitution in a find -exec word', 'find . -exec ls $(rm x) \\;', DENY_RM, 'R7'),
    fail('R3 substitution after an sh -c script', "sh -c 'ls' $(rm x)", DENY_RM, 'R7'),
    fail('R3 wrapper inside $(…)', 'echo $(sudo rm x)', DENY_RM, 'R7'),
    fail('R3 sh -c inside $(…)', "echo $(sh -c 'rm x')", DENY_RM, 'R7'),
    fail('R3 eval inside a subshell', '(eval rm x)', DENY_RM, 'R7'),
    fail('R3 find -exec inside <(…)', 'cat <(find . -exec rm {} +)', DENY_RM, 'R7'),
    fail('R3 backticks inside $(…)', 'echo $(echo `rm x`)', DENY_RM, 'R7'),
    fail('R3 $(…) inside backticks', 'echo `echo $(rm x)`', DENY_RM, 'R7'),
    fail('R3 denied command inside a subshell list', '(ls; rm x)', DENY_RM, 'R7'),
    fail('R3 denied command after a subshell', '(ls) && rm x', DENY_RM, 'R7'),
    pass('R3 nested allowed commands only', 'echo "$(ls)" `ls` $(ls -l) <(ls); (ls)', { allow: ['echo *', 'ls', 'ls *'] }),
  ];
}

/** Every R3 row. */
export const r3Cases: CommandCase[] = [...cases(), ...special()];
