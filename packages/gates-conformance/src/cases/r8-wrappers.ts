/**
 * R8 — wrappers. Every row of the table with each listed flag, each listed option in its
 * `-n 5`, `-n5` and `--opt=v` / `--opt v` forms, env's NAME=VALUE words and timeout's DURATION;
 * unknown options before the inner command deny; the outer segment must pass as a whole;
 * `sh -c` scripts and `eval` arguments are parsed recursively; `find -exec … ;` and `+`;
 * wrappers nested in random chains; and programs that are not wrappers are not unwrapped.
 */
import type { CommandCase, PermissionsConfig } from '../case-types.js';
import { fail, pass, pick, rng, sq } from './build.js';

/** Per wrapper: prefixes (options) that leave the inner command next, and prefixes that must deny. */
interface WrapperSpec {
  name: string;
  ok: string[];
  unknown: string[];
}

const val = (opt: string, v: string): string[] => (opt.startsWith('--') ? [`${opt}=${v}`, `${opt} ${v}`] : [`${opt} ${v}`, `${opt}${v}`]);

export const WRAPPER_SPECS: WrapperSpec[] = [
  {
    name: 'env',
    ok: ['', '-i', '--ignore-environment', '-0', '--null', 'A=1', 'A=1 B=2', 'A= B=x', '-i A=1', 'A=1 -i', ...val('-u', 'FOO'), ...val('--unset', 'FOO'), ...val('-C', '/tmp'), ...val('--chdir', '/tmp'), '-i -0 -u X -C /tmp A=1'],
    unknown: ['-S', '-v', '--debug', '-', '--', '-iu', '--split-string=x', '-P /bin', '--help'],
  },
  { name: 'command', ok: ['', '-p', '-v', '-V', '-p -v'], unknown: ['-x', '--', '-pv', '--help'] },
  { name: 'builtin', ok: ['', '-p', '-v', '-V'], unknown: ['-x', '--'] },
  { name: 'exec', ok: ['', '-c', '-l', '-c -l', ...val('-a', 'name')], unknown: ['-x', '--', '-cl', '--help'] },
  { name: 'nice', ok: ['', ...val('-n', '5'), ...val('-n', '-5'), ...val('--adjustment', '5'), '-n 5 -n 1'], unknown: ['-5', '-x', '--', '--help'] },
  { name: 'nohup', ok: [''], unknown: ['-x', '--', '--help', '-p'] },
  { name: 'setsid', ok: ['', '-f', '-w', '-c', '-f -w -c'], unknown: ['-x', '--fork', '--', '-fw'] },
  {
    name: 'timeout',
    ok: ['5', '10s', '1m', '0.5', '--preserve-status 5', '--foreground 5', '-v 5', '--verbose 5', ...val('-s', 'KILL').map((s) => `${s} 5`), ...val('--signal', 'TERM').map((s) => `${s} 5`), ...val('-k', '1').map((s) => `${s} 5`), ...val('--kill-after', '1').map((s) => `${s} 5`), '-v -s 9 -k 1 --foreground 5'],
    unknown: ['-x 5', '--kill 5', '-- 5', '--help'],
  },
  { name: 'stdbuf', ok: ['', ...val('-i', '0'), ...val('-o', 'L'), ...val('-e', '0'), '-oL -eL -i0'], unknown: ['-x', '--output=L', '--', '-L'] },
  {
    name: 'xargs',
    ok: ['', '-0', '-r', '-t', '-p', '-x', '--null', '--no-run-if-empty', '--verbose', ...val('-I', '{}'), ...val('-n', '1'), ...val('-L', '2'), ...val('-P', '4'), ...val('-d', ','), ...val('-E', 'END'), ...val('-s', '100'), ...val('-a', 'list.txt'), '-0 -r -n1 -P4'],
    unknown: ['-i', '-l', '-J x', '--max-args=1', '--', '-e', '-0r'],
  },
  { name: 'sudo', ok: ['', '-E', '-H', '-n', '-S', '-k', ...val('-u', 'root'), ...val('-g', 'wheel'), '-E -H -u root -g wheel'], unknown: ['-i', '-s', '-l', '--user=root', '--', '-EH', '-b', '-A', '-v'] },
  { name: 'doas', ok: ['', '-E', '-n', '-S', ...val('-u', 'root')], unknown: ['-s', '-L', '--', '-C /etc/doas.conf'] },
];

const ALLOW_ALL: PermissionsConfig = {
  allow: ['env *', 'command *', 'builtin *', 'exec *', 'nice *', 'nohup *', 'setsid *', 'timeout *', 'stdbuf *', 'xargs *', 'sudo *', 'doas *', 'ls', 'ls *', 'sh *', 'bash *', 'dash *', 'zsh *', 'ksh *', 'find *', 'eval *', 'echo *'],
  deny: ['rm *'],
};

const join = (...parts: string[]) => parts.filter((p) => p !== '').join(' ');

function optionRows(): CommandCase[] {
  const rows: CommandCase[] = [];
  for (const spec of WRAPPER_SPECS) {
    for (const prefix of spec.ok) {
      const head = join(spec.name, prefix);
      rows.push(pass(`R8 ${head} ls -l: inner command allowed`, `${head} ls -l`, ALLOW_ALL));
      rows.push(fail(`R8 ${head} rm -rf x: inner command denied`, `${head} rm -rf x`, ALLOW_ALL, 'R7'));
      rows.push(fail(`R8 ${head} curl x: inner command unlisted`, `${head} curl x`, ALLOW_ALL, 'R7'));
      rows.push(fail(`R8 ${head} /bin/rm x: inner deny via basename`, `${head} /bin/rm x`, ALLOW_ALL, 'R7'));
      rows.push(fail(`R8 ${head} $X: inner command word dynamic`, `${head} $X y`, ALLOW_ALL, 'R5'));
      rows.push(pass(`R8 /usr/bin/${head} ls: wrapper by its last path component`, `/usr/bin/${head} ls`, { ...ALLOW_ALL, allow: [...(ALLOW_ALL!.allow as string[]), '/usr/bin/* *'] }));
      rows.push(fail(`R8 /usr/bin/${head} rm x: wrapper by its last path component`, `/usr/bin/${head} rm x`, { ...ALLOW_ALL, allow: [...(ALLOW_ALL!.allow as string[]), '/usr/bin/* *'] }, 'R7'));
      rows.push(fail(`R8 ${head} ls: the outer segment must pass too`, `${head} ls`, { allow: ['ls', 'ls *'] }, 'R7'));
      rows.push(fail(`R8 ${head} ls: a deny pattern on the wrapper applies`, `${head} ls`, { deny: [`${spec.name} *`] }, 'R7'));
      rows.push(pass(`R8 ${head} ls -la -R: later dashes are the inner command's`, `${head} ls -la -R --color`, ALLOW_ALL));
    }
    for (const bad of spec.unknown) {
      const head = join(spec.name, bad);
      rows.push(fail(`R8 ${head} ls: unknown option before the inner command`, `${head} ls`, ALLOW_ALL, 'R8'));
      rows.push(fail(`R8 ${head} ls: unknown option, no lists`, `${head} ls`, {}, 'R8'));
      const ok0 = spec.ok.find((p) => p !== '') ?? '';
      if (spec.name !== 'timeout') rows.push(fail(`R8 ${join(spec.name, ok0, bad)} ls: unknown option after known ones`, `${join(spec.name, ok0, bad)} ls`, {}, 'R8'));
    }
  }
  return rows;
}

const SHELLS = ['sh', 'bash', 'dash', 'zsh', 'ksh'];

function shellRows(): CommandCase[] {
  const rows: CommandCase[] = [];
  const clusters = ['-c', '-lc', '-ec', '-xc', '-ic', '-uc', '-lec', '-ce', '-cl', '-l -c', '-e -x -c', '-o pipefail -c', '-l -e -x -u -i -c', '-o errexit -ec'];
  for (const sh of SHELLS) {
    for (const cl of clusters) {
      const head = `${sh} ${cl}`;
      rows.push(pass(`R8 ${head} 'ls -l'`, `${head} 'ls -l'`, ALLOW_ALL));
      rows.push(fail(`R8 ${head} 'rm x'`, `${head} 'rm x'`, ALLOW_ALL, 'R7'));
      rows.push(fail(`R8 ${head} 'ls && rm x'`, `${head} 'ls && rm x'`, ALLOW_ALL, 'R7'));
      rows.push(fail(`R8 ${head} 'ls; curl x'`, `${head} 'ls; curl x'`, ALLOW_ALL, 'R7'));
    }
    rows.push(pass(`R8 ${sh} -c ls (bare script word)`, `${sh} -c ls`, ALLOW_ALL));
    rows.push(fail(`R8 ${sh} -c rm (bare script word)`, `${sh} -c rm x`, ALLOW_ALL, 'R7'));
    rows.push(pass(`R8 ${sh} -c 'ls' with $0 and args after the script`, `${sh} -c 'ls' rm x`, ALLOW_ALL));
    rows.push(fail(`R8 ${sh} -c "…" script in double quotes`, `${sh} -c "ls | rm x"`, ALLOW_ALL, 'R7'));
    rows.push(fail(`R8 ${sh} -c $'…' script`, `${sh} -c $'rm\\x20x'`, ALLOW_ALL, 'R7'));
    rows.push(fail(`R8 /bin/${sh} -c 'rm x'`, `/bin/${sh} -c 'rm x'`, { deny: ['rm *'] }, 'R7'));
    rows.push(fail(`R8 "${sh}" -c 'rm x' (quoted wrapper name)`, `"${sh}" -c 'rm x'`, { deny: ['rm *'] }, 'R7'));
    rows.push(fail(`R8 ${sh} -c with a script that fails to parse`, `${sh} -c 'ls &&'`, ALLOW_ALL, 'R1'));
    rows.push(fail(`R8 ${sh} -c with a compound in the script`, `${sh} -c 'if true; then ls; fi'`, ALLOW_ALL, 'R1'));
    rows.push(fail(`R8 ${sh} -c with arithmetic in the script`, `${sh} -c 'echo $((1))'`, ALLOW_ALL, 'R1'));
    rows.push(fail(`R8 ${sh} -c with a here-document in the script`, `${sh} -c 'cat <<EOF\nx\nEOF'`, ALLOW_ALL, 'R1'));
    rows.push(fail(`R8 ${sh} -c with an empty script`, `${sh} -c ''`, ALLOW_ALL, 'R1'));
    rows.push(fail(`R8 ${sh} -c with a redirect in the script`, `${sh} -c 'ls > f'`, ALLOW_ALL, 'R6'));
    rows.push(pass(`R8 ${sh} -c with a redirect in the script, allowRedirects`, `${sh} -c 'ls > f'`, { ...ALLOW_ALL, allowRedirects: true }));
    rows.push(fail(`R8 ${sh} -c with a dynamic script`, `${sh} -c "$SCRIPT"`, ALLOW_ALL, 'R5'));
    rows.push(fail(`R8 ${sh} -c with a nested substitution in the script`, `${sh} -c 'echo $(rm x)'`, ALLOW_ALL, 'R7'));
    rows.push(fail(`R8 ${sh} -c nested twice`, `${sh} -c "bash -c 'rm x'"`, ALLOW_ALL, 'R7'));
    rows.push(pass(`R8 ${sh} -c nested twice, allowed`, `${sh} -c "bash -c 'ls'"`, ALLOW_ALL));
    rows.push(pass(`R8 ${sh} script.sh: nothing to unwrap`, `${sh} script.sh`, { allow: [`${sh} *`] }));
    rows.push(pass(`R8 ${sh} -x script.sh: nothing to unwrap`, `${sh} -x script.sh`, { allow: [`${sh} *`] }));
    rows.push(pass(`R8 ${sh} alone`, sh, { allow: [`${sh} *`] }));
    rows.push(fail(`R8 ${sh} -c: the outer segment must pass`, `${sh} -c 'ls'`, { allow: ['ls'] }, 'R7'));
    for (const bad of ['-s', '--norc', '-v', '-O extglob', '-r', '-cs', '-cv', '--login', '-']) {
      rows.push(fail(`R8 ${sh} ${bad} -c 'ls': unknown shell option`, `${sh} ${bad} -c 'ls'`, ALLOW_ALL, 'R8'));
    }
  }
  return rows;
}

function evalRows(): CommandCase[] {
  return [
    fail('R8 eval rm x', 'eval rm x', ALLOW_ALL, 'R7'),
    fail('R8 eval -- rm x (bash ends options at --)', 'eval -- rm x', { deny: ['rm *'] }, 'R7'),
    fail("R8 eval 'rm x'", "eval 'rm x'", ALLOW_ALL, 'R7'),
    fail('R8 eval "rm x"', 'eval "rm x"', ALLOW_ALL, 'R7'),
    pass('R8 eval ls', 'eval ls', ALLOW_ALL),
    pass("R8 eval 'ls -l'", "eval 'ls -l'", ALLOW_ALL),
    fail("R8 eval joins quote-removed arguments: ls '&&' rm x", "eval ls '&&' rm x", ALLOW_ALL, 'R7'),
    fail("R8 eval joins arguments: 'ls;' 'rm x'", "eval 'ls;' 'rm x'", ALLOW_ALL, 'R7'),
    fail('R8 eval of an escaped separator', 'eval ls \\; rm x', ALLOW_ALL, 'R7'),
    fail("R8 eval 'ls | rm x'", "eval 'ls | rm x'", ALLOW_ALL, 'R7'),
    fail("R8 eval 'ls &&' fails to parse", "eval 'ls &&'", ALLOW_ALL, 'R1'),
    fail("R8 eval with a compound", "eval 'for i in 1; do ls; done'", ALLOW_ALL, 'R1'),
    fail("R8 eval $'rm\\tx'", "eval $'rm\\tx'", ALLOW_ALL, 'R7'),
    fail('R8 eval "$X"', 'eval "$X"', ALLOW_ALL, 'R5'),
    fail('R8 eval $X', 'eval $X', ALLOW_ALL, 'R5'),
    fail("R8 eval 'eval rm x'", "eval 'eval rm x'", ALLOW_ALL, 'R7'),
    fail("R8 eval echo '$(rm x)': live after quote removal", "eval echo '$(rm x)'", ALLOW_ALL, 'R7'),
    fail("R8 eval echo '`rm x`'", "eval echo '`rm x`'", ALLOW_ALL, 'R7'),
    fail("R8 eval ls '>' f: redirect after quote removal", "eval ls '>' f", ALLOW_ALL, 'R6'),
    fail('R8 eval: the outer segment must pass', 'eval ls', { allow: ['ls'] }, 'R7'),
    fail('R8 eval with a here-document', "eval 'cat <<EOF\nx\nEOF'", ALLOW_ALL, 'R1'),
    fail("R8 eval '' is an empty script", "eval ''", ALLOW_ALL, 'R1'),
    fail('R8 /usr/bin/eval is eval by its last component', "/usr/bin/eval 'rm x'", { deny: ['rm *'] }, 'R7'),
  ];
}

function findRows(): CommandCase[] {
  const rows: CommandCase[] = [];
  for (const action of ['-exec', '-execdir', '-ok', '-okdir']) {
    for (const [label, end] of [['\\;', '\\;'], ["';'", "';'"], ['";"', '";"'], ['+', '+']]) {
      rows.push(fail(`R8 find ${action} rm {} ${label}`, `find . ${action} rm {} ${end}`, ALLOW_ALL, 'R7'));
      rows.push(pass(`R8 find ${action} ls -l {} ${label}`, `find . -name '*.txt' ${action} ls -l {} ${end}`, ALLOW_ALL));
      rows.push(fail(`R8 find ${action} curl {} ${label}`, `find . ${action} curl {} ${end}`, ALLOW_ALL, 'R7'));
      rows.push(fail(`R8 find ${action} ls ${label} then ${action} rm`, `find . ${action} ls {} ${end} ${action} rm {} ${end}`, ALLOW_ALL, 'R7'));
      rows.push(fail(`R8 find ${action} $X {} ${label}`, `find . ${action} $X {} ${end}`, ALLOW_ALL, 'R5'));
      rows.push(fail(`R8 find ${action} sh -c 'rm' ${label}`, `find . ${action} sh -c 'rm "$1"' _ {} ${end}`, ALLOW_ALL, 'R7'));
      rows.push(fail(`R8 find ${action} sudo rm ${label}`, `find . ${action} sudo rm {} ${end}`, ALLOW_ALL, 'R7'));
      rows.push(fail(`R8 find ${action} /bin/rm ${label}`, `find . ${action} /bin/rm {} ${end}`, ALLOW_ALL, 'R7'));
    }
    rows.push(fail(`R8 find ${action} without a terminator`, `find . ${action} rm {}`, ALLOW_ALL, 'R7'));
    rows.push(fail(`R8 find with the path omitted, ${action}`, `find ${action} rm {} \\;`, ALLOW_ALL, 'R7'));
    rows.push(fail(`R8 quoted '${action}' is still the action`, `find . '${action}' rm {} \\;`, ALLOW_ALL, 'R7'));
    rows.push(fail(`R8 /usr/bin/find ${action}`, `/usr/bin/find . ${action} rm {} \\;`, { deny: ['rm *'] }, 'R7'));
  }
  rows.push(fail('R8 find -exec inside a \\( group \\)', 'find . \\( -name x -exec rm {} \\; \\)', ALLOW_ALL, 'R7'));
  rows.push(pass('R8 find -exec inside a \\( group \\), allowed', 'find . \\( -name x -exec ls {} \\; \\)', ALLOW_ALL));
  rows.push(pass('R8 find -delete is not unwrapped', 'find . -name x -delete', ALLOW_ALL));
  rows.push(pass('R8 find without an action', 'find . -name rm', ALLOW_ALL));
  rows.push(fail('R8 find: the outer segment must pass', 'find . -exec ls {} \\;', { allow: ['ls *'] }, 'R7'));
  return rows;
}

/** One link of a random wrapper chain: text and whether it injects an unknown option. */
function chainLink(r: () => number): { text: string; bad: boolean } {
  const spec = pick(r, WRAPPER_SPECS);
  if (r() < 0.12) return { text: join(spec.name, pick(r, spec.unknown)), bad: true };
  return { text: join(spec.name, pick(r, spec.ok)), bad: false };
}

function chainRows(): CommandCase[] {
  const r = rng(0xc4a1);
  const rows: CommandCase[] = [];
  const inners: Array<[string, boolean]> = [['ls -l', true], ['rm -rf x', false], ['curl x', false], ['ls', true], ['/bin/rm x', false]];
  for (let n = 0; n < 250; n++) {
    const links = Array.from({ length: 1 + Math.floor(r() * 5) }, () => chainLink(r));
    const [inner, innerOk] = pick(r, inners);
    const tail = r() < 0.3 ? pick(r, [`bash -c ${sq(inner)}`, `eval ${inner}`, `find . -exec ${inner} {} +`]) : inner;
    const cmd = `${links.map((l) => l.text).join(' ')} ${tail}`;
    const bad = links.some((l) => l.bad);
    const label = `R8 chain #${n}: ${cmd}`;
    if (bad) rows.push(fail(label, cmd, ALLOW_ALL, 'R8'));
    else if (innerOk) rows.push(pass(label, cmd, ALLOW_ALL));
    else rows.push(fail(label, cmd, ALLOW_ALL, 'R7'));
  }
  return rows;
}

function notWrappers(): CommandCase[] {
  const rows: CommandCase[] = [];
  for (const w of ['git -c core.pager=rm log', 'npx rm', 'watch rm x', 'strace rm x', 'ionice -c3 rm x', 'chroot / rm x', 'flock f rm x', 'taskset 1 rm x', 'unbuffer rm x', 'script -c "rm x"', 'awk \'BEGIN{system("rm x")}\'', 'sed e', 'trap "rm x" EXIT', 'python3 -c "import os"', 'node -e "rm"', 'make rm', 'parallel rm ::: x', 'ssh host rm x', 'su -c "rm x"', 'runuser -u u rm x']) {
    const program = w.split(' ')[0];
    rows.push(pass(`R8 ${program} is not a wrapper: ${w}`, w, { allow: [`${program} *`], deny: ['rm *'] }));
  }
  return rows;
}

/** Every R8 row. */
export const r8Cases: CommandCase[] = [...optionRows(), ...shellRows(), ...evalRows(), ...findRows(), ...chainRows(), ...notWrappers()];
