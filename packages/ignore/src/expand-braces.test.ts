import { describe, expect, it } from 'vitest';
import { ExpansionLimitError, expandBraces } from './expand-braces.js';
import { wordTokens } from './word-tokens.js';

const expand = (raw: string) => expandBraces(wordTokens(raw)).map((w) => w.map((t) => t.ch).join(''));

describe('expandBraces', () => {
  it('expands lists with preamble and postscript', () => {
    expect(expand('a{b,c}d')).toEqual(['abd', 'acd']);
    expect(expand('{.e,x}nv')).toEqual(['.env', 'xnv']);
    expect(expand('{a,b}{1,2}')).toEqual(['a1', 'a2', 'b1', 'b2']);
  });
  it('expands nested lists', () => {
    expect(expand('x{a,b{c,d}}')).toEqual(['xa', 'xbc', 'xbd']);
    expect(expand('{a{b,c}')).toEqual(['{ab', '{ac']);
  });
  it('expands sequences', () => {
    expect(expand('f{1..3}')).toEqual(['f1', 'f2', 'f3']);
    expect(expand('{3..1}')).toEqual(['3', '2', '1']);
    expect(expand('{01..03}')).toEqual(['01', '02', '03']);
    expect(expand('{a..c}')).toEqual(['a', 'b', 'c']);
    expect(expand('{1..10..4}')).toEqual(['1', '5', '9']);
  });
  it('leaves non-expansions alone', () => {
    expect(expand('{a}')).toEqual(['{a}']);
    expect(expand('{}')).toEqual(['{}']);
    expect(expand(`'{a,b}'`)).toEqual(['{a,b}']);
    expect(expand(`{a\\,b}`)).toEqual(['{a,b}']);
    expect(expand('${x}')).toEqual(['${x}']);
    expect(expand('{1..a}')).toEqual(['{1..a}']);
  });
  it('refuses runaway expansions', () => {
    expect(() => expand('{1..1000000}')).toThrow(ExpansionLimitError);
    expect(() => expand('{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}')).toThrow(ExpansionLimitError);
  });
});
