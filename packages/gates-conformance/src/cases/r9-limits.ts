/**
 * R9 — no fail-open limits. A bad segment hidden behind long chains, deep nesting, long words
 * or many wrappers must deny, whatever limit is hit first. Moderate inputs must still pass.
 */
import type { CommandCase, PermissionsConfig } from '../case-types.js';
import { fail, pass, sq } from './build.js';

const LS: PermissionsConfig = { allow: ['ls', 'ls *', 'echo *', 'sudo *', 'eval *', 'bash *', 'env *'], deny: ['rm *'] };
const LIMIT_OR_RULE = ['R1', 'R5', 'R7', 'R8', 'R9'];

function nestedBash(depth: number, inner: string): string {
  let cmd = inner;
  for (let i = 0; i < depth; i++) cmd = `bash -c ${sq(cmd)}`;
  return cmd;
}

function mustDeny(): CommandCase[] {
  const rows: CommandCase[] = [];
  for (const n of [100, 1_000, 5_000, 20_000]) {
    rows.push(fail(`R9 ${n} allowed segments then rm`, `${'ls; '.repeat(n)}rm -rf /`, LS, LIMIT_OR_RULE));
    rows.push(fail(`R9 ${n} && segments then an unlisted command`, `${'ls && '.repeat(n)}curl x`, LS, LIMIT_OR_RULE));
    rows.push(fail(`R9 ${n} pipes then rm`, `${'ls | '.repeat(n)}rm x`, LS, LIMIT_OR_RULE));
  }
  for (const d of [10, 50, 100, 300, 1_000]) {
    rows.push(fail(`R9 $(…) nested ${d} deep around rm`, `${'echo $('.repeat(d)}rm x${')'.repeat(d)}`, LS, LIMIT_OR_RULE));
    rows.push(fail(`R9 subshells nested ${d} deep around rm`, `${'( '.repeat(d)}rm x${' )'.repeat(d)}`, LS, LIMIT_OR_RULE));
    rows.push(fail(`R9 ${d} sudo wrappers around rm`, `${'sudo '.repeat(d)}rm x`, LS, LIMIT_OR_RULE));
    rows.push(fail(`R9 ${d} env wrappers around rm`, `${'env A=1 '.repeat(d)}rm x`, LS, LIMIT_OR_RULE));
    rows.push(fail(`R9 ${d} eval wrappers around rm`, `${'eval '.repeat(d)}rm x`, LS, LIMIT_OR_RULE));
    rows.push(fail(`R9 <(…) nested ${d} deep around rm`, `${'cat <('.repeat(d)}rm x${')'.repeat(d)}`, { deny: ['rm *'] }, LIMIT_OR_RULE));
  }
  for (const d of [5, 10, 14]) rows.push(fail(`R9 bash -c nested ${d} deep around rm`, nestedBash(d, 'rm x'), LS, LIMIT_OR_RULE));
  for (const len of [10_000, 100_000, 1_000_000]) {
    rows.push(fail(`R9 a ${len}-character word, then rm`, `echo ${'a'.repeat(len)}; rm x`, LS, LIMIT_OR_RULE));
    rows.push(fail(`R9 a ${len}-character quoted word, then rm`, `echo '${'a'.repeat(len)}'; rm x`, LS, LIMIT_OR_RULE));
    rows.push(fail(`R9 rm, then a ${len}-character word`, `rm x; echo ${'a'.repeat(len)}`, LS, LIMIT_OR_RULE));
  }
  rows.push(fail('R9 many backticks', `echo ${'`echo '.repeat(1)}${'x'.repeat(10)}\`; ${'ls;'.repeat(3000)} rm x`, LS, LIMIT_OR_RULE));
  rows.push(fail('R9 unbalanced deep opener', '$('.repeat(5_000), LS, LIMIT_OR_RULE));
  rows.push(fail('R9 deep brace nesting', `echo ${'{'.repeat(5_000)}a${'}'.repeat(5_000)}; rm x`, LS, LIMIT_OR_RULE));
  rows.push(fail('R9 deep bracket nesting in a word', `echo ${'['.repeat(5_000)}; rm x`, LS, LIMIT_OR_RULE));
  rows.push(fail('R9 many quotes', `echo ${"'a'".repeat(20_000)}; rm x`, LS, LIMIT_OR_RULE));
  rows.push(fail('R9 many find actions, the last one bad', `find . ${'-exec ls {} \\; '.repeat(2_000)}-exec rm {} \\;`, { allow: ['find *', 'ls *'] }, LIMIT_OR_RULE));
  rows.push(fail('R9 many xargs options before rm', `xargs ${'-n1 '.repeat(5_000)}rm x`, { deny: ['rm *'] }, LIMIT_OR_RULE));
  return rows;
}

function mustPass(): CommandCase[] {
  return [
    pass('R9 fifty allowed segments', Array.from({ length: 50 }, () => 'ls').join('; '), LS),
    pass('R9 substitutions eight deep', `${'echo $('.repeat(8)}ls${')'.repeat(8)}`, LS),
    pass('R9 subshells eight deep', `${'( '.repeat(8)}ls${' )'.repeat(8)}`, LS),
    pass('R9 five wrappers', 'sudo env A=1 sudo -u x env -i ls', LS),
    pass('R9 bash -c three deep', nestedBash(3, 'ls -l'), LS),
    pass('R9 a 4000-character argument', `echo ${'a'.repeat(4_000)}`, LS),
  ];
}

/** Every R9 row. */
export const r9Cases: CommandCase[] = [...mustDeny(), ...mustPass()];
