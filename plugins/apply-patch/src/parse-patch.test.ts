import { describe, expect, it } from 'vitest';
import { applyChunks } from './apply-chunks.js';
import { parsePatch } from './parse-patch.js';
import type { PatchAction } from './patch-types.js';
import { preprocessPatch } from './preprocess-patch.js';

// SPEC §16.x.5, through preprocess + parse (+ apply where the outcome is the file).
const patch = (...lines: string[]) => preprocessPatch(['*** Begin Patch', ...lines, '*** End Patch'].join('\n'));
const parse = (files: Record<string, string>, ...lines: string[]) => parsePatch(patch(...lines), files);
const update = (action: PatchAction) => action as Extract<PatchAction, { type: 'update' }>;
const apply = (text: string, action: PatchAction) => applyChunks(text.split('\n'), update(action).chunks, 'f').join('\n');

describe('parsePatch: hunks', () => {
  it('places a hunk after its context, fuzz 0', () => {
    const files = { 'a.js': "function hello() {\n  console.log('old')\n}" };
    const r = parse(files, '*** Update File: a.js', '@@', ' function hello() {', "-  console.log('old')", "+  console.log('new')", ' }');
    expect(update(r.actions[0]).chunks).toEqual([{ origIndex: 1, delLines: ["  console.log('old')"], insLines: ["  console.log('new')"] }]);
    expect(r.fuzz).toBe(0);
    expect(r.failures).toEqual([]);
  });

  it('matches escaped quotes and backticks in the patch against unescaped file text', () => {
    const files = { 'a.js': 'const s = `a ${"b"}`;\nconst t = \'x\';' };
    const r = parse(files, '*** Update File: a.js', '@@', ' const s = \\`a ${\\"b\\"}\\`;', "-const t = \\'x\\';", "+const t = 'y';");
    expect(apply(files['a.js'], r.actions[0])).toBe('const s = `a ${"b"}`;\nconst t = \'y\';');
  });

  it('moves past an @@ anchor', () => {
    const files = { 'a.py': 'x = 1\nclass MyClass:\n    def f(self):\n        return 1\n' };
    const r = parse(files, '*** Update File: a.py', '@@ class MyClass', '-    def f(self):', '+    def g(self):');
    expect(update(r.actions[0]).chunks[0].origIndex).toBe(2);
  });

  it('nested @@ anchors narrow the place down', () => {
    const file = 'class A:\n    def run(self):\n        pass\nclass B:\n    def run(self):\n        pass\n';
    const r = parse(
      { 'a.py': file },
      '*** Update File: a.py',
      '@@ class B:',
      '@@     def run(self):',
      '-        pass',
      '+        return 2',
    );
    expect(update(r.actions[0]).chunks[0].origIndex).toBe(5);
  });

  it('trailing-space context costs fuzz 1; surrounding spaces cost more than 10', () => {
    const files = { 'a.txt': 'a  \nb\nc' };
    expect(parse(files, '*** Update File: a.txt', '@@', ' a', '-b', '+B').fuzz).toBe(1);
    const spaced = { 'a.txt': '   match   \nb' };
    expect(parse(spaced, '*** Update File: a.txt', '@@', ' match', '-b', '+B').fuzz).toBeGreaterThan(10);
    expect(parse({ 'a.txt': 'match\nb' }, '*** Update File: a.txt', '@@', ' match', '-b', '+B').fuzz).toBe(0);
  });

  it('curly quotes and an em-dash in the file match ASCII in the patch', () => {
    const files = { 'a.md': 'He said \u201Chi\u201D \u2014 it\u2019s fine\nnext' };
    const r = parse(files, '*** Update File: a.md', '@@', ' He said "hi" - it\'s fine', '-next', '+NEXT');
    expect(r.failures).toEqual([]);
    expect(apply(files['a.md'], r.actions[0])).toBe('He said \u201Chi\u201D \u2014 it\u2019s fine\nNEXT');
  });

  it('two hunks', () => {
    const file = 'l0\nl1\nl2\nl3\nl4\nl5';
    const r = parse({ f: file }, '*** Update File: f', '@@', ' l0', '-l1', '+L1', '@@', ' l3', '-l4', '+L4');
    expect(update(r.actions[0]).chunks.map((c) => c.origIndex)).toEqual([1, 4]);
  });

  it('*** End of File places the context at the end', () => {
    const file = 'x\ny\nx\ny';
    const r = parse({ f: file }, '*** Update File: f', '@@', ' x', '-y', '+Y', '*** End of File');
    expect(update(r.actions[0]).chunks[0].origIndex).toBe(3);
    expect(r.fuzz).toBe(0);
  });

  it('finds context deep in a large file', () => {
    const file = Array.from({ length: 1000 }, (_, i) => `line ${i + 1}`).join('\n');
    const r = parse({ f: file }, '*** Update File: f', '@@', ' line 500', '-line 501', '+changed');
    expect(update(r.actions[0]).chunks[0].origIndex).toBe(500);
  });

  it('V4A: three lines of context on each side', () => {
    const file = Array.from({ length: 20 }, (_, i) => `v${i}`).join('\n');
    const r = parse(
      { f: file },
      '*** Update File: f',
      '@@',
      ' v0',
      ' v1',
      ' v2',
      '-v3',
      '+V3',
      ' v4',
      ' v5',
      ' v6',
      '@@',
      ' v8',
      ' v9',
      ' v10',
      '-v11',
      '+V11',
      ' v12',
    );
    expect(update(r.actions[0]).chunks.map((c) => c.origIndex)).toEqual([3, 11]);
  });

  it('Levenshtein context: foo(a) vs foo(x) is fuzz 1000 and only the body changes', () => {
    const file = 'def foo(x):\n    return 1\n';
    const r = parse({ f: file }, '*** Update File: f', '@@', ' def foo(a):', '-    return 1', '+    return 2');
    expect(r.fuzz).toBe(1000);
    expect(apply(file, r.actions[0])).toBe('def foo(x):\n    return 2\n');
  });
});

describe('parsePatch: files', () => {
  it('adds a file from + lines (each ending in a newline, as Codex writes them), and an empty one', () => {
    const r = parse({}, '*** Add File: n.txt', '+a', '+b', '+c', '*** Add File: e.txt');
    expect(r.actions).toEqual([
      { type: 'add', path: 'n.txt', content: 'a\nb\nc\n' },
      { type: 'add', path: 'e.txt', content: '' },
    ]);
  });

  it('deletes and moves', () => {
    const r = parse(
      { 'old.txt': 'x', 'm.txt': 'a\nb' },
      '*** Delete File: old.txt',
      '*** Update File: m.txt',
      '*** Move to: moved/m.txt',
      '@@',
      ' a',
      '-b',
      '+B',
    );
    expect(r.actions[0]).toEqual({ type: 'delete', path: 'old.txt' });
    expect(r.actions[1]).toMatchObject({ type: 'update', path: 'm.txt', movePath: 'moved/m.txt' });
  });

  it.each([
    ['Update File Error: Missing File: nope.txt', ['*** Update File: nope.txt', '@@', '-x']],
    ['Delete File Error: Missing File: nope.txt', ['*** Delete File: nope.txt']],
    ['Add File Error: File already exists: a.txt', ['*** Add File: a.txt', '+x']],
    ['Duplicate update for file: a.txt', ['*** Update File: a.txt', '@@', '-a', '+b', '*** Update File: a.txt', '@@', '-a', '+c']],
    ['Duplicate add for file: n.txt', ['*** Add File: n.txt', '+x', '*** Add File: n.txt', '+y']],
    ['Duplicate delete for file: a.txt', ['*** Delete File: a.txt', '*** Delete File: a.txt']],
    ['Unknown line while parsing: hello', ['hello']],
    ["Invalid Add File line (missing '+'): oops", ['*** Add File: n.txt', '+x', 'oops']],
    ['Invalid line: *** bogus', ['*** Update File: a.txt', '@@', ' a', '*** bogus']],
  ])('refuses with "%s"', (message, lines) => {
    expect(() => parse({ 'a.txt': 'a\n' }, ...lines)).toThrow(message);
  });

  it('reports a bad context as a failure instead of skipping it', () => {
    const r = parse({ f: 'a\nb\nc' }, '*** Update File: f', '@@', ' zzz', '-qqq', '+x');
    expect(update(r.actions[0]).chunks).toEqual([]);
    expect(r.failures).toHaveLength(1);
    expect(r.failures[0]).toMatchObject({ path: 'f', hunk: 1 });
    expect(r.failures[0].message).toContain('its context was not found');
  });

  it('valid / bad / valid: two chunks and one reported failure naming hunk 2', () => {
    const file = 'l0\nl1\nl2\nl3\nl4\nl5';
    const r = parse(
      { f: file },
      '*** Update File: f',
      '@@',
      ' l0',
      '-l1',
      '+L1',
      '@@',
      ' nothing',
      '-like this',
      '+x',
      '@@',
      ' l3',
      '-l4',
      '+L4',
    );
    expect(update(r.actions[0]).chunks).toHaveLength(2);
    expect(r.failures.map((f) => f.hunk)).toEqual([2]);
  });
});

describe('parsePatch: blank lines are context, never a hang', () => {
  it('a blank line right after *** Update File: is tolerated', () => {
    const r = parse({ f: 'a\nb\nc' }, '*** Update File: f', '', ' a', '-b', '+B');
    expect(r.failures).toEqual([]);
    expect(apply('a\nb\nc', r.actions[0])).toBe('a\nB\nc');
  });

  it('a blank line inside a hunk is an empty context line', () => {
    const file = 'a\n\nb\nc';
    const r = parse({ f: file }, '*** Update File: f', '@@', ' a', '', '-b', '+B');
    expect(apply(file, r.actions[0])).toBe('a\n\nB\nc');
  });

  it('blank lines between hunks and before the next file are tolerated', () => {
    const r = parse(
      { f: 'a\nb\nc\nd', g: 'x' },
      '*** Update File: f',
      '@@',
      ' a',
      '-b',
      '+B',
      '',
      '@@',
      ' c',
      '-d',
      '+D',
      '',
      '*** Delete File: g',
    );
    expect(r.failures).toEqual([]);
    expect(apply('a\nb\nc\nd', r.actions[0])).toBe('a\nB\nc\nD');
  });
});
