import { describe, expect, it } from 'vitest';
import { canonicalize } from './canonicalize.js';
import { similarity } from './similarity.js';

describe('canonicalize', () => {
  it('folds what models change when copying code', () => {
    expect(canonicalize('\u201Ca\u201D \u2018b\u2019 c\u2014d e\u2212f\u00A0g')).toBe('"a" \'b\' c-d e-f g');
    expect(canonicalize('\\`x\\` \\"y\\" \\\'z\\\'')).toBe('`x` "y" \'z\'');
    expect(canonicalize('e\u0301')).toBe('\u00E9');
  });
});

describe('similarity', () => {
  it('is 1 − distance / longer length, and 0 below the floor', () => {
    expect(similarity('abc', 'abc')).toBe(1);
    expect(similarity('abcd', 'abcx')).toBe(0.75);
    expect(similarity('abcd', 'wxyz', 0.5)).toBe(0);
    expect(similarity('', '')).toBe(1);
  });
});
