import { describe, expect, it } from 'vitest';
import { wordTokens } from './word-tokens.js';

const show = (raw: string) =>
  wordTokens(raw)
    .map((t) => (t.quoted ? t.ch : `<${t.ch}>`))
    .join('');

describe('wordTokens', () => {
  it('marks unquoted characters', () => {
    expect(show('*.txt')).toBe('<*><.><t><x><t>');
  });
  it('makes quoted and escaped characters literal', () => {
    expect(show(`'*'`)).toBe('*');
    expect(show(`"*"x`)).toBe('*<x>');
    expect(show('\\*')).toBe('*');
    expect(show(`".e"*`)).toBe('.e<*>');
  });
  it("decodes $'…' and keeps substitutions as literal text", () => {
    expect(show(`$'\\x2eenv'`)).toBe('.env');
    expect(show(`$'a\\tb'`)).toBe('a\tb');
    expect(show('$(ls *)')).toBe('$(ls *)');
    expect(show('"$(ls "*")"')).toBe('$(ls "*")');
    expect(show('`ls *`')).toBe('`ls *`');
    expect(show('${x}*')).toBe('${x}<*>');
  });
  it('handles backslashes inside double quotes like bash', () => {
    expect(show(`"a\\"b\\n"`)).toBe('a"b\\n');
  });
  it('drops backslash-newline', () => {
    expect(show('a\\\nb')).toBe('<a><b>');
  });
});
