import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { analyzeCommand } from './analyze-command.js';
import type { ShellSegment } from './shell-types.js';

async function segments(command: string): Promise<ShellSegment[]> {
  const analysis = await analyzeCommand(command);
  if (!analysis.ok) throw new Error(`${analysis.rule}: ${analysis.reason}`);
  return analysis.segments;
}

const outline = (list: ShellSegment[]): Array<[string, string, number]> => list.map((s) => [s.text, s.origin, s.depth]);

describe('analyzeCommand segments', () => {
  test('mvdan-sh is loaded on the first analysis, not at import', async () => {
    const require = createRequire(import.meta.url);
    const path = require.resolve('mvdan-sh');
    const loadedBefore = path in require.cache;
    await analyzeCommand('true');
    // Another test file in the same worker may have loaded it already; the point is that
    // importing this module alone does not.
    if (!loadedBefore) expect(path in require.cache).toBe(true);
    expect(require('node:fs').readFileSync(new URL('./index.ts', import.meta.url), 'utf8')).not.toMatch(/mvdan-sh/);
  });

  test('flat list in source order, nested and unwrapped segments included', async () => {
    expect(outline(await segments('echo $(whoami) | tee out; (cd /tmp && ls <(pwd)) & sudo rm $(echo x)'))).toEqual([
      ['echo $(whoami)', 'top', 0],
      ['whoami', 'substitution', 1],
      ['tee out', 'top', 0],
      ['cd /tmp', 'subshell', 1],
      ['ls <(pwd)', 'subshell', 1],
      ['pwd', 'process-substitution', 2],
      ['sudo rm $(echo x)', 'top', 0],
      ['rm $(echo x)', 'wrapper', 1],
      ['echo x', 'substitution', 1],
    ]);
  });

  test('scripts, eval and find -exec', async () => {
    expect(outline(await segments("bash -c 'ls; rm x' && eval 'echo a' && find . -exec grep -l y {} +"))).toEqual([
      ['bash -c ls; rm x', 'top', 0],
      ['ls', 'script', 1],
      ['rm x', 'script', 1],
      ['eval echo a', 'top', 0],
      ['echo a', 'eval', 1],
      ['find . -exec grep -l y {} +', 'top', 0],
      ['grep -l y {}', 'find-exec', 1],
    ]);
  });

  test('nested in assignment values, redirect targets and here-strings', async () => {
    const list = await segments('X=$(a) b > $(c) <<< `d`');
    expect(outline(list)).toEqual([
      ['X=$(a) b', 'top', 0],
      ['a', 'substitution', 1],
      ['c', 'substitution', 1],
      ['d', 'substitution', 1],
    ]);
  });

  test('words: value, raw and flags', async () => {
    const [segment] = await segments('echo *.ts "a*" \\* {a,b} {} ~/x "$HOME" \'$x\' $(a) `b` <(c) [ab] a[ x$\'\\x41\'');
    const words = segment.words.map((w) => [w.value, w.raw, w.hasUnquotedGlob, w.hasExpansion, w.isStatic]);
    expect(words).toEqual([
      ['echo', 'echo', false, false, true],
      ['*.ts', '*.ts', true, false, false],
      ['a*', '"a*"', false, false, true],
      ['*', '\\*', false, false, true],
      ['{a,b}', '{a,b}', true, false, false],
      ['{}', '{}', false, false, false],
      ['~/x', '~/x', false, false, false],
      ['$HOME', '"$HOME"', false, true, false],
      ['$x', "'$x'", false, false, true],
      ['$(a)', '$(a)', false, true, false],
      ['`b`', '`b`', false, true, false],
      ['<(c)', '<(c)', false, true, false],
      ['[ab]', '[ab]', true, false, false],
      ['a[', 'a[', false, false, true],
      ['xA', "x$'\\x41'", false, false, true],
    ]);
    expect(segment.commandName).toBe('echo');
  });

  test('assignments, declaration commands and the command name', async () => {
    const [a] = await segments('A=1 B+="x y" /usr/bin/curl -s');
    expect(a.assignments.map((w) => w.value)).toEqual(['A=1', 'B+=x y']);
    expect(a.words.map((w) => w.value)).toEqual(['/usr/bin/curl', '-s']);
    expect(a.commandName).toBe('curl');
    expect(a.text).toBe('A=1 B+=x y /usr/bin/curl -s');
    const [decl] = await segments('export A="1 2" -n B');
    expect(decl.words.map((w) => w.value)).toEqual(['export', 'A=1 2', '-n', 'B']);
    const [bare] = await segments('FOO=bar');
    expect(bare).toMatchObject({ text: 'FOO=bar', words: [] });
    expect(bare.commandName).toBeUndefined();
  });

  test('sudo: leading NAME=VALUE words of the inner command are its assignments', async () => {
    const [, inner] = await segments('sudo -u root FOO=1 /bin/rm x');
    expect(inner.assignments.map((w) => w.value)).toEqual(['FOO=1']);
    expect(inner.words.map((w) => w.value)).toEqual(['/bin/rm', 'x']);
    expect(inner).toMatchObject({ text: 'FOO=1 /bin/rm x', commandName: 'rm', origin: 'wrapper', depth: 1 });
  });

  test('redirects: op, fd, target and dup', async () => {
    const [segment] = await segments('cmd 2>&1 >f <g 3<>h &>i >&- 4>&2- <&0 {fd}>j >&"1" >&$X <<<w');
    const redirects = segment.redirects.map((r) => [r.op, r.fd, r.target?.value, r.isDup]);
    expect(redirects).toEqual([
      ['>&', '2', '1', true],
      ['>', undefined, 'f', false],
      ['<', undefined, 'g', false],
      ['<>', '3', 'h', false],
      ['&>', undefined, 'i', false],
      ['>&', undefined, '-', true],
      ['>&', '4', '2-', true],
      ['<&', undefined, '0', true],
      ['>', '{fd}', 'j', false],
      ['>&', undefined, '1', true],
      ['>&', undefined, '$X', false],
      ['<<<', undefined, 'w', false],
    ]);
    expect(segment.text).toBe('cmd');
  });

  test('a subshell redirect is carried by every segment inside it', async () => {
    const list = await segments('(a; (b $(c))) > f');
    expect(list.map((s) => [s.text, s.redirects.map((r) => r.op + r.target?.value)])).toEqual([
      ['a', ['>f']],
      ['b $(c)', ['>f']],
      ['c', ['>f']],
    ]);
  });

  test("$'…' escapes are decoded", async () => {
    const [segment] = await segments("printf $'a\\nb' $'\\u00e9\\101' $'\\cA' $'it\\'s' $'\\e[0m' $'x\\0y' $'\\q'");
    expect(segment.words.slice(1).map((w) => w.value)).toEqual(['a\nb', 'éA', '\x01', "it's", '\x1b[0m', 'x', '\\q']);
  });

  test('backslash-newline is removed, also inside substitution text', async () => {
    const list = await segments('ec\\\nho "a\\\nb" $(who\\\nami) \'c\\\nd\'');
    expect(list[0].words.map((w) => w.value)).toEqual(['echo', 'ab', '$(whoami)', 'c\\\nd']);
    expect(list[1].text).toBe('whoami');
  });

  test('denials name the rule, the reason and the subject', async () => {
    expect(await analyzeCommand('cat <<EOF\nx\nEOF\n')).toMatchObject({ ok: false, rule: 'R1', subject: '<<', code: 'unsafe_syntax' });
    expect(await analyzeCommand('echo )')).toMatchObject({ ok: false, rule: 'R1', code: 'parse_error' });
    expect(await analyzeCommand('sudo -s')).toMatchObject({ ok: false, rule: 'R8', subject: '-s', code: 'wrapper_option' });
    expect(await analyzeCommand('echo\u00a0x')).toMatchObject({ ok: false, rule: 'R1', subject: 'U+00A0' });
    expect(await analyzeCommand('x'.repeat(70_000))).toMatchObject({ ok: false, rule: 'R9', code: 'limit' });
    expect(await analyzeCommand(42 as unknown as string)).toMatchObject({ ok: false, rule: 'R1' });
  });
});
