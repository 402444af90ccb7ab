/** One group of rows per R rule (SPEC Part A R1–R9). Rows are built with the helpers of `cases.ts`. */
import { A, AD, AR, D, R1, R7_DENY, R7_NO, no, ok, type Extra, type PermissionCase } from './cases.js';

const none = D();
const rm = D('rm *');
const rmDenied = (segment = 'rm x'): Extra => R7_DENY('rm *', segment);
const R5 = { rule: 'R5', reason: 'dynamic_command' };
const R6 = { rule: 'R6', reason: 'redirect' };
const R8 = (subject: string): Extra => ({ rule: 'R8', reason: 'wrapper_option', segment: subject });
const R9 = { rule: 'R9', reason: 'limit' };

/** R1: parse it or deny it. */
export const r1Cases: PermissionCase[] = [
  ...['ls &&', ';;', 'a;;b', 'echo )', 'echo (', '; ls', 'ls | ', 'echo "open', "echo 'open", 'echo `open', 'echo ${x', 'echo $(x', 'a & & b'].map((c) =>
    no(none, c, { rule: 'R1', reason: 'parse_error' }),
  ),
  ...['cat <<EOF\nhi\nEOF\n', "cat <<'EOF'\nhi\nEOF\n", 'echo $(cat <<EOF\nx\nEOF\n)'].map((c) => no(none, c, R1('<<'))),
  no(none, 'cat <<-EOF\n\thi\nEOF\n', R1('<<-')),
  ...['echo $((1+2))', '((x++))', 'echo $[1+2]', 'x=$((1))', 'let x=1', 'echo "$((1))"'].map((c) => no(none, c, R1())),
  ...[
    'if true; then ls; fi', 'for i in a b; do ls; done', 'while true; do ls; done', 'until false; do ls; done',
    'case a in a) ls;; esac', '{ ls; }', '[[ -f x ]]', '! ls', 'ls && ! ls', 'time ls', 'coproc ls', 'f() { ls; }',
    'function f { ls; }', 'select x in a; do ls; done', 'then', 'done', 'fi', '}', '{', ']]', 'in', 'FOO=1 if',
    'FOO=1 done', 'echo $(if true; then ls; fi)', 'echo @(a|b)', 'a=(1 2)', 'a[0]=1', 'export a[1]=2', 'declare -a a=(1)',
  ].map((c) => no(none, c, R1())),
  ...[
    'echo ${x:-y}', 'echo "${x:-y}"', 'echo ${x=1}', 'echo ${x@P}', 'echo ${x/a/b}', 'echo ${#x}', 'echo ${!x}',
    'echo ${!x*}', 'echo ${x[0]}', 'echo ${x:1}', 'echo ${x^^}', 'echo ${x%.*}', 'echo ${x#*/}', 'echo ${@}', 'echo ${#}',
    'X=${y:-rm} ls', 'ls > ${x:-f}', 'echo $(echo ${x:-y})', "bash -c 'echo ${x:-y}'",
  ].map((c) => no(none, c, R1())),
  ok(none, "echo '${x:-y}'"),
  ok(none, 'echo "\\${x:-y}"'),
  ok(A('echo *'), 'echo ${HOME} ${1} "${PATH}" $@ $? $1'),
  ...['echo a\x1bb', 'echo a\0b', 'echo a\x7fb', 'echo a\vb', 'echo a\fb', 'echo a\bb', 'ls\r', 'echo \\\r'].map((c) => no(none, c, R1())),
  no(none, 'echo a\x1bb', R1('U+001B')),
  no(none, 'echo a\0b', R1('U+0000')),
  ok(A('echo *'), 'echo a\tb'),
  ok(A('echo *'), "echo 'a\x1bb' \"c\rd\" $'e\x7ff' $\"g\x01h\""),
  ok(A('echo *'), "echo $'\\r\\x1b'"),
  ...['echo café', 'echo\u00a0hi', 'ｒｍ -rf /', 'echo ＄(whoami)', 'echo \\é', 'ls # café', 'echo "$(echo café)"', 'echo a\u200bb', 'echo "a"\u00e9'].map((c) =>
    no(none, c, R1()),
  ),
  no(none, 'echo café', R1('U+00E9')),
  ok(A('echo *'), 'echo "café" \'ｒｍ\' $\'\u2028\' $"naïve"'),
  ok(A('echo *'), 'echo "$(echo \'café\')"'),
  no(none, 'echo "\ud800"', R1()),
  ...['', '   ', '\n\n', '# just a comment', '  # c\n', '\t'].map((c) => no(none, c, R1())),
  ok(A('echo *'), 'echo a#b', { note: '# mid-word is text' }),
  ok(A('echo *'), 'echo a #comment'),
  ok(A('ls'), 'ls;#c'),
  ok(A('ls'), '(ls)#c'),
  // A # after a quote or an expansion is mid-word (text), so the ; still splits (R1, R2).
  no(A('echo *'), 'echo "a"#; rm -rf /', R7_NO('rm -rf /')),
  no(A('echo *'), "echo 'a'#; rm -rf /", R7_NO('rm -rf /')),
  no(A('echo *', 'ls'), 'echo $(ls)#; rm -rf /', R7_NO('rm -rf /')),
  no(A('echo *', 'ls'), 'echo ${HOME}#; rm -rf /', R7_NO('rm -rf /')),
  no(A('echo *'), 'echo $HOME#; rm -rf /', R7_NO('rm -rf /')),
  ok(A('echo a#b', 'ls'), 'echo "a"#b; ls'),
  ok(A('echo a#b'), "echo 'a'#b"),
  ok(A('echo $x#y'), 'echo $x#y'),
  ok(A('echo $(ls)#b', 'ls'), 'echo $(ls)#b #c'),
  ok(A('echo a#b'), 'echo a\\\n#b', { note: 'continuation, then # mid-word' }),
  // bash ends a comment at the newline even after a backslash.
  no(A('echo *'), 'echo hi # comment \\\nrm -rf /', R7_NO('rm -rf /')),
  ok(A('echo hi', 'ls'), 'echo hi # comment \\\nls'),
  ok(A('echo hi', 'ls'), 'echo hi # comment \\\\\nls'),
  ok(A('echo *'), 'ec\\\nho hi', { note: 'backslash-newline is removed' }),
  ok(A('echo ab'), 'echo a\\\nb'),
  ok(A('echo hi'), 'echo \\\n  hi'),
];

/** R2: segments. */
export const r2Cases: PermissionCase[] = [
  ok(A('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), 'a; b && c || d | e |& f & g\nh'),
  no(A('a', 'b', 'c', 'd', 'e', 'f', 'g'), 'a; b && c || d | e |& f & g\nh', R7_NO('h')),
  no(A('a', 'b', 'c', 'd', 'e', 'g', 'h'), 'a; b && c || d | e |& f & g\nh', R7_NO('f')),
  ok(A('ls'), 'ls;'),
  ok(A('ls'), 'ls &'),
  ok(A('ls'), 'ls\n'),
  no(A('npm *'), 'npm test & curl evil', R7_NO('curl evil')),
  no(A('npm *'), 'npm test&curl evil', R7_NO('curl evil')),
  no(A('npm *'), 'npm test\ncurl evil', R7_NO('curl evil')),
];

/** R3: nested commands, checked recursively; literal inside single quotes or escaped. */
export const r3Cases: PermissionCase[] = [
  no(rm, 'echo $(rm x)', rmDenied()),
  no(rm, 'echo `rm x`', rmDenied()),
  no(rm, 'echo "a $(rm x) b"', rmDenied()),
  no(rm, 'echo "a `rm x` b"', rmDenied()),
  no(rm, 'diff <(rm x) y', rmDenied()),
  no(rm, 'tee >(rm x)', rmDenied()),
  no(rm, '(rm x)', rmDenied()),
  no(rm, '(ls; (rm x))', rmDenied()),
  no(rm, 'X=$(rm x) ls', rmDenied()),
  no(rm, 'X="$(rm x)"', rmDenied()),
  no({ deny: ['rm *'], allowRedirects: true }, 'ls > $(rm x)', rmDenied()),
  no({ deny: ['rm *'], allowRedirects: true }, 'cat <<< "$(rm x)"', rmDenied()),
  no(rm, 'echo $(echo $(echo $(rm x)))', rmDenied()),
  no(rm, 'export A=$(rm x)', rmDenied()),
  no(rm, 'echo `echo \\`rm x\\``', rmDenied()),
  ok(rm, "echo '$(rm x)' '`rm x`'"),
  ok(rm, 'echo "\\$(rm x)" \\`rm x\\`'),
  // Nested commands are parsed with all the rules, so an empty one is an empty command (R1).
  ...['echo $()', 'echo $( )', 'echo ``', 'cat <()', 'echo "$(# c)"', '()', '( )', 'ls && ( )'].map((c) => no(rm, c, R1())),
];

/** R4: segment text. */
export const r4Cases: PermissionCase[] = [
  no(A('npm *'), 'FOO=1 npm test', R7_NO('FOO=1 npm test')),
  ok(A('FOO=* npm *'), 'FOO=1 npm test'),
  ok(A('FOO=bar'), 'FOO=bar'),
  no(A('npm *'), 'FOO=bar', R7_NO('FOO=bar')),
  ok(A('FOO=a b npm test'), 'FOO="a b" npm test'),
  ok(A('echo a  b'), 'echo "a  b"'),
  ok(A('echo a b'), "echo 'a' \"b\""),
  ok(A('echo $(whoami)', 'whoami'), 'echo $(whoami)'),
  ok(A('echo `whoami`', 'whoami'), 'echo `whoami`'),
  ok(A('echo $HOME/x'), 'echo "$HOME/x"'),
  ok(AR('echo hi'), 'echo hi > f 2>&1'),
  ok(A('echo hi'), 'echo hi 2>&1'),
  ok(A('X+=1 ls'), 'X+=1 ls'),
  ok(A('export A=1 B'), 'export A="1" B'),
];

/** R5: a static command word. */
export const r5Cases: PermissionCase[] = [
  ...['$CMD x', '${CMD} x', '"$CMD" x', '$(echo rm) x', '`echo rm` x', 'r* x', 'r? x', '[r]m x', '{rm,ls} x', '{ls}', 'l{s', '~/bin/tool x', '~ x', 'FOO=1 $X', '<(echo x)', 'a$b'].map((c) =>
    no(none, c, R5),
  ),
  no(A('wget *'), "$'\\x63url' x", { note: 'not R5: $-quoting is fixed text', ...R7_NO('curl x') }),
  ok(A('curl x'), "$'\\x63url' x"),
  no(D('curl *'), "$'\\x63url' x", R7_DENY('curl *', 'curl x')),
  no(D('curl *'), "$'\\143url' \"x\"", R7_DENY('curl *', 'curl x')),
  ok(A('ls'), '$"ls"'),
  ok(A('ls -la'), "'ls' -la"),
  ok(A('ls'), '\\ls'),
  ok(A('~/bin/x'), '"~/bin/x"'),
  ok(A('ls *'), 'ls *.ts {a,b} ~ $HOME'),
  ok(A('[ -f x ]'), '[ -f x ]'),
  no(none, 'echo $($X)', R5),
  no(none, 'sudo $X', R5),
  no(none, 'sudo FOO=1 $X', R5),
  no(none, 'env FOO=1 $X', R5),
  no(none, "bash -c '$X'", R5),
  no(none, 'eval "$X"', R5),
];

/** R6: redirections. */
export const r6Cases: PermissionCase[] = [
  ...['ls > f', 'ls >> f', 'ls >| f', 'cat < f', 'cat <> f', 'ls &> f', 'ls &>> f', 'ls >&f', 'ls 2>f', 'ls 2>>f', 'cat <<< word', 'ls >&$FD', 'cat < <(ls)', '> f', 'exec 3>f', '(ls) > f', '( (ls) ) > f', 'ls | cat > f'].map(
    (c) => no(A('*'), c, R6),
  ),
  ...['ls > f', 'ls >> f', 'ls >| f', 'cat < f', 'cat <> f', 'ls &> f', 'ls &>> f', 'ls >&f', 'ls 2>f', 'cat <<< word', '(ls) > f'].map((c) => ok(AR('*'), c)),
  ...['ls 2>&1', 'ls >&2', 'ls 1>&2', 'ls 2>&-', 'cat <&0', 'ls >&-', 'ls 3>&1-', 'ls 2>&"1"'].map((c) => ok(A('ls', 'cat'), c)),
  ok(A('diff *', 'ls *'), 'diff <(ls a) <(ls b)', { note: 'process substitution is not a redirection' }),
];

/** R7: matching. */
export const r7Cases: PermissionCase[] = [
  ok(A('git status *'), 'git status'),
  ok(A('git status *'), 'git status -s'),
  no(A('git status *'), 'git statusx'),
  no(A('git status *'), 'git'),
  ok(A('cat *'), 'cat /a/b c d'),
  ok(A('cat*'), 'cat'),
  no(A('Cat *'), 'cat x'),
  ok(A('ls ?'), 'ls a'),
  no(A('ls ?'), 'ls ab'),
  ok(A('echo [x]'), 'echo "[x]"'),
  no(A('echo [x]'), 'echo x'),
  no(D('curl *'), '/usr/bin/curl x', R7_DENY('curl *', '/usr/bin/curl x')),
  no(D('curl *'), './curl x', R7_DENY('curl *', './curl x')),
  no(D('curl'), '/usr/bin/curl', R7_DENY('curl', '/usr/bin/curl')),
  no(A('curl *'), '/usr/bin/curl x', R7_NO('/usr/bin/curl x')),
  ok(A('/usr/bin/curl *'), '/usr/bin/curl x'),
  no(D('rm *'), 'rm', R7_DENY('rm *', 'rm')),
  no(AD(['git *'], ['git push *']), 'git push', R7_DENY('git push *', 'git push')),
  no(AD(['*'], ['*rm -rf*']), 'echo ok && sudo rm -rf /tmp/x', R7_DENY('*rm -rf*', 'sudo rm -rf /tmp/x')),
  ok(D('rm *'), 'echo rm x'),
];

/** R8: wrappers; the inner command is a further segment. */
export const r8Cases: PermissionCase[] = [
  ...[
    'env rm x', 'env -i FOO=1 rm x', 'env -u HOME rm x', 'env -uHOME rm x', 'env --unset=HOME rm x', 'env --unset HOME rm x',
    'env -C /tmp rm x', 'env --chdir=/tmp rm x', 'env -0 --null --ignore-environment rm x', 'env x.y=1 rm x', '/usr/bin/env rm x',
    'command rm x', 'command -p -v -V rm x', 'builtin rm x', 'exec rm x', 'exec -c -l -a name rm x', 'exec -aname rm x',
    'nice rm x', 'nice -n 5 rm x', 'nice -n5 rm x', 'nice --adjustment=5 rm x', 'nice --adjustment 5 rm x', 'nohup rm x',
    'setsid rm x', 'setsid -f -w -c rm x', 'timeout 5 rm x', 'timeout -s KILL 5 rm x', 'timeout --signal=KILL -k 1 5 rm x',
    'timeout --preserve-status --foreground -v --verbose --kill-after 2 5s rm x', 'stdbuf -oL rm x', 'stdbuf -o L -e 0 -i0 rm x',
    'xargs rm x', 'xargs -0 -r -t -p -x rm x', 'xargs -I{} rm x', 'xargs -I {} rm x', 'xargs -n 1 -P4 -L1 -d , -E eof -s 100 -a list rm x',
    'xargs --null --no-run-if-empty --verbose rm x', 'sudo rm x', 'sudo -E -H -n -S -k rm x', 'sudo -u root -g wheel rm x',
    'sudo -uroot rm x', 'doas rm x', 'doas -u root rm x', 'sudo env FOO=1 nice -n 5 timeout 5 rm x', 'ls | xargs sudo rm x',
  ].map((c) => no(rm, c, rmDenied())),
  ...[
    "sh -c 'rm x'", "bash -c 'rm x'", "bash -lc 'rm x'", "bash -ec 'ls; rm x'", "dash -c 'rm x'", "zsh -c 'rm x'", "ksh -c 'rm x'",
    "bash -c -e 'rm x'", "bash -o pipefail -c 'rm x'", "bash -x -c 'rm x' arg0 arg1", "/bin/bash -c 'rm x'", "bash -ic \"rm x\"",
    'bash -c "rm x"', "xargs sh -c 'rm x'", "sudo bash -c 'ls && rm x'", "bash -c \"bash -c 'rm x'\"", "bash -c 'echo $(rm x)'",
    "eval 'rm x'", 'eval rm x', 'eval "ls; rm x"', "eval 'eval rm x'", 'find . -exec rm x \\;', "find . -execdir rm x ';'",
    'find . -ok rm x {} +', 'find . -okdir rm x \\;', 'find . -name a -exec ls {} \\; -exec rm x \\;', "find . -exec sh -c 'rm x' \\;",
    'find . -exec sudo rm x \\;',
  ].map((c) => no(rm, c, { rule: 'R7', reason: 'denied', pattern: 'rm *' })),
  no(rm, "bash -c 'rm x'", { ...rmDenied(), note: 'the script segment is named' }),
  no(rm, "find . -exec rm {} \\;", rmDenied('rm {}')),
  ok(A('env *', 'ls'), 'env FOO=1 ls'),
  ok(A('timeout *', 'ls'), 'timeout 5 ls'),
  ok(A('find *', 'xargs *', 'grep *'), 'find . -name "*.ts" | xargs grep -l x'),
  ok(A('find *', 'ls *'), 'find . -exec ls {} \\;'),
  ok(A('bash *', 'ls'), "bash -c 'ls'"),
  ok(A('bash *'), 'bash script.sh', { note: 'without -c there is nothing to unwrap' }),
  ok(A('eval *', 'ls'), 'eval ls'),
  no(rm, 'eval -- rm x', rmDenied()),
  ok(A('eval *', 'ls'), 'eval -- ls'),
  ok(A('sudo *', 'env *', 'ls'), 'sudo env ls'),
  ok(A('env'), 'env'),
  no(A('sudo *'), 'sudo ls', R7_NO('ls')),
  no(A('bash *'), "bash -c 'ls'", R7_NO('ls')),
  no(A('nohup *'), 'nohup curl x', R7_NO('curl x')),
  ...[
    ['env -S "rm x"', '-S'], ['env - rm x', '-'], ['env -- rm x', '--'], ['command -x rm', '-x'], ['exec -z rm', '-z'],
    ['nice -5 rm x', '-5'], ['setsid -x rm', '-x'], ['timeout -x 5 rm', '-x'], ['stdbuf --output=L rm', '--output=L'],
    ['xargs -i rm', '-i'], ['xargs -0r rm', '-0r'], ['sudo -s', '-s'], ['sudo -i rm', '-i'], ['sudo -- rm x', '--'], ['doas -s', '-s'],
    ["bash --norc -c 'ls'", '--norc'], ["bash -c +x 'rm x'", '+x'], ["sh -s 'ls'", '-s'], ["bash -co pipefail 'ls'", '-co'],
    ["bash -c -- 'ls'", '--'],
  ].map(([c, subject]) => no(none, c, R8(subject))),
  no(none, "bash -c ''", R1()),
  no(none, "bash -c 'echo $((1))'", R1()),
  no(none, "bash -c 'if true; then ls; fi'", R1()),
  no(none, "bash -c 'ls &&'", { rule: 'R1', reason: 'parse_error' }),
  no(none, "bash -c $'ls\\rrm x'", R1('U+000D')),
  no(none, "eval ''", R1()),
  ok(rm, 'git -c core.pager=rm log', { note: 'R8: git -c is not unwrapped (a sandbox is needed)' }),
  ok(rm, "awk 'BEGIN { system(\"rm x\") }'", { note: 'R8: awk system() is not unwrapped' }),
  ok(rm, 'npx rm x', { note: 'R8: npx is not unwrapped' }),
  ok(rm, "sed -e 's/a/b/e' f", { note: 'R8: sed e is not unwrapped' }),
];

const nest = (n: number, inner: string): string => '$(echo '.repeat(n) + inner + ')'.repeat(n);

/** R9: limits deny. */
export const r9Cases: PermissionCase[] = [
  no(none, 'echo ' + 'a'.repeat(70_000), R9),
  no(none, 'ls;'.repeat(1_001), R9),
  no(none, 'echo ' + nest(40, 'ls'), R9),
  no(none, 'echo ' + nest(5_000, 'ls'), R9),
  no(none, "bash -c 'eval \"bash -c ls\"'".repeat(1) + ' && ' + 'sudo '.repeat(40) + 'ls', R9),
  ok(A('echo *', 'ls'), 'echo ' + nest(20, 'ls')),
  ok(A('ls'), 'ls;'.repeat(900)),
];

/** Every rule group, in order. */
export const ruleCases = { R1: r1Cases, R2: r2Cases, R3: r3Cases, R4: r4Cases, R5: r5Cases, R6: r6Cases, R7: r7Cases, R8: r8Cases, R9: r9Cases };
void AD;
