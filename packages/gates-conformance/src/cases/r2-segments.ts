/**
 * R2 — segments. Every separator (`;` `&&` `||` `|` `|&` `&` newline), with and without
 * blanks, the bad segment first, last or in the middle; trailing `;` and `&` allowed.
 */
import type { CommandCase, PermissionsConfig } from '../case-types.js';
import { fail, pass } from './build.js';

const SEPARATORS = [';', '&&', '||', '|', '|&', '&', '\n'];
const SPACINGS: Array<[string, (s: string) => string]> = [
  ['spaced', (s) => (s === '\n' ? '\n' : ` ${s} `)],
  ['tight', (s) => s],
  ['left-spaced', (s) => (s === '\n' ? ' \n' : ` ${s}`)],
  ['right-spaced', (s) => (s === '\n' ? '\n ' : `${s} `)],
];
const name = (s: string) => (s === '\n' ? 'newline' : s);

const ALLOW: PermissionsConfig = { allow: ['ls', 'ls *', 'echo *', 'git status'], deny: ['rm *'] };
const DENY_ONLY: PermissionsConfig = { deny: ['rm *', 'curl *'] };

function pairs(): CommandCase[] {
  const rows: CommandCase[] = [];
  for (const sep of SEPARATORS) {
    for (const [spacing, fmt] of SPACINGS) {
      const s = fmt(sep);
      const label = `${name(sep)} ${spacing}`;
      rows.push(pass(`R2 ${label}: both segments allowed`, `ls -l${s}echo hi`, ALLOW));
      rows.push(fail(`R2 ${label}: denied second segment`, `ls -l${s}rm -rf x`, ALLOW, 'R7'));
      rows.push(fail(`R2 ${label}: denied first segment`, `rm -rf x${s}ls -l`, ALLOW, 'R7'));
      rows.push(fail(`R2 ${label}: unlisted second segment`, `ls${s}curl evil.example`, ALLOW, 'R7'));
      rows.push(fail(`R2 ${label}: unlisted first segment`, `curl evil.example${s}ls`, ALLOW, 'R7'));
      rows.push(fail(`R2 ${label}: deny-only list, second segment`, `echo hi${s}curl x`, DENY_ONLY, 'R7'));
      rows.push(pass(`R2 ${label}: deny-only list, harmless segments`, `echo hi${s}git log`, DENY_ONLY));
    }
  }
  return rows;
}

function triples(): CommandCase[] {
  const rows: CommandCase[] = [];
  for (const a of SEPARATORS) {
    for (const b of SEPARATORS) {
      const sa = a === '\n' ? '\n' : ` ${a} `;
      const sb = b === '\n' ? '\n' : ` ${b} `;
      rows.push(pass(`R2 ${name(a)} then ${name(b)}: all allowed`, `ls${sa}echo a${sb}git status`, ALLOW));
      rows.push(fail(`R2 ${name(a)} then ${name(b)}: denied middle`, `ls${sa}rm x${sb}git status`, ALLOW, 'R7'));
      rows.push(fail(`R2 ${name(a)} then ${name(b)}: unlisted last`, `ls${sa}echo a${sb}whoami`, ALLOW, 'R7'));
    }
  }
  return rows;
}

function trailing(): CommandCase[] {
  const rows: CommandCase[] = [];
  for (const t of [';', ' ;', '; ', '&', ' &', '& ', '\n', ' ;\n', '&\n', ';\n\n']) {
    rows.push(pass(`R2 trailing ${JSON.stringify(t)} is allowed`, `ls${t}`, ALLOW));
    rows.push(pass(`R2 trailing ${JSON.stringify(t)} after two segments`, `ls && echo a${t}`, ALLOW));
    rows.push(fail(`R2 trailing ${JSON.stringify(t)} does not hide a denied segment`, `ls; rm x${t}`, ALLOW, 'R7'));
  }
  for (const t of ['&&', '||', '|', '|&', ';;', '& ;', '; ;']) {
    rows.push(fail(`R2 trailing ${t} is a syntax error`, `ls ${t}`, ALLOW, 'R1'));
  }
  for (const t of [';&', ';;&', '; ;', '&&&', '|||']) {
    rows.push(fail(`R2 ${t} between commands is a syntax error`, `ls ${t} ls`, ALLOW, 'R1'));
  }
  for (const t of [';', '&', '&&', '||', '|', '|&']) {
    rows.push(fail(`R2 leading ${t} is a syntax error`, `${t} ls`, ALLOW, 'R1'));
  }
  return rows;
}

function loneAmpersand(): CommandCase[] {
  const npm: PermissionsConfig = { allow: ['npm *'] };
  return [
    fail('R2 lone & splits (baseline quirk fixed)', 'npm test & rm -rf /', npm, 'R7'),
    fail('R2 lone & without blanks splits', 'npm test&rm -rf /', npm, 'R7'),
    fail('R2 lone & with a trailing &', 'npm test & curl x &', npm, 'R7'),
    pass('R2 background jobs that are all allowed', 'npm test & npm run lint & npm run build', npm),
    pass('R2 & inside quotes is text', "npm run 'a & b'", npm),
    pass('R2 ; inside double quotes is text', 'npm run "a; rm -rf /"', npm),
    pass('R2 | inside single quotes is text', "npm run 'a | sh'", npm),
    pass('R2 && escaped is text', 'npm run a \\&\\& rm x', npm),
    pass('R2 ; escaped is text', 'npm run a\\; rm x', npm),
    pass('R2 newline inside quotes is text', 'npm run "a\nrm -rf /"', npm),
    fail('R2 |& splits', 'npm test |& curl x', npm, 'R7'),
    fail('R2 && then a newline continues the list', 'npm test &&\n  curl x', npm, 'R7'),
    pass('R2 && then a newline, all allowed', 'npm test &&\n  npm run lint', npm),
    pass('R2 | then a newline', 'npm ls |\nnpm run x', npm),
    fail('R2 || then a newline', 'npm test ||\ncurl x', npm, 'R7'),
    fail('R2 many separators, one bad', 'npm a; npm b && npm c || npm d | npm e |& npm f & npm g\ncurl h', npm, 'R7'),
    pass('R2 many separators, none bad', 'npm a; npm b && npm c || npm d | npm e |& npm f & npm g\nnpm h', npm),
  ];
}

/** Every R2 row. */
export const r2Cases: CommandCase[] = [...pairs(), ...triples(), ...trailing(), ...loneAmpersand()];
