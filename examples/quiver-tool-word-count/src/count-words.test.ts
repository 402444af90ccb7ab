import { describe, expect, it } from 'vitest';
import { countWords } from './count-words.js';

describe('countWords', () => {
  it.each([
    ['', { lines: 0, words: 0, characters: 0 }],
    ['one two\nthree\n', { lines: 2, words: 3, characters: 14 }],
    ['no newline at the end', { lines: 0, words: 5, characters: 21 }],
    ['  spaced\t\tout \n\n', { lines: 2, words: 2, characters: 16 }],
    ['héllo wörld 👋\n', { lines: 1, words: 3, characters: 14 }],
  ])('%j', (text, expected) => {
    expect(countWords(text)).toEqual(expected);
  });
});
