import { describe, expect, it } from 'vitest';
import { formatCaptures, MAX_LINE_CHARS } from './format-definitions.js';

const lines = ['class A {', '  a() {', '  }', '', '  b() {}', '}', 'function f() {}'];
const cap = (name: string, startRow: number, endRow = startRow) => ({ name, startRow, endRow });

describe('formatCaptures (SPEC Part B §16.17 output)', () => {
  it('prints the first line of each name capture, with |---- between non-adjacent captures', () => {
    const out = formatCaptures(lines, [
      cap('definition.class', 0, 5),
      cap('name.definition.class', 0),
      cap('definition.method', 1, 2),
      cap('name.definition.method', 1),
      cap('definition.method', 4),
      cap('name.definition.method', 4),
      cap('definition.function', 6),
      cap('name.definition.function', 6),
    ]);
    expect(out).toBe('|----\n│class A {\n│  a() {\n|----\n│  b() {}\n|----\n│function f() {}\n|----\n');
  });

  it('sorts captures by start row', () => {
    const out = formatCaptures(lines, [cap('name.definition.function', 6), cap('name.definition.class', 0)]);
    expect(out).toBe('|----\n│class A {\n|----\n│function f() {}\n|----\n');
  });

  it('prints a line once even when two captures start on it', () => {
    expect(formatCaptures(lines, [cap('name.a', 0), cap('name.b', 0)])).toBe('|----\n│class A {\n|----\n');
  });

  it('is empty when nothing is a name capture', () => {
    expect(formatCaptures(lines, [cap('definition.class', 0, 5)])).toBe('');
    expect(formatCaptures(lines, [])).toBe('');
  });

  it('cuts very long lines', () => {
    const long = 'x'.repeat(MAX_LINE_CHARS + 50);
    expect(formatCaptures([long], [cap('name.f', 0)])).toBe(`|----\n│${'x'.repeat(MAX_LINE_CHARS)}…\n|----\n`);
  });
});
