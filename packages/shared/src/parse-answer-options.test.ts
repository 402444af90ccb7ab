import { describe, expect, it } from 'vitest';
import { answerOptionsProblem, parseAnswerOptions } from './index.js';

describe('parseAnswerOptions (§16.1)', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['["Yes", "No"]', ['Yes', 'No']],
    [
      ['a', 'b'],
      ['a', 'b'],
    ],
    ['[1, 2]', ['1', '2']],
    ['["Say "hi"", "No"]', ['Say "hi"', 'No']],
    ['not a list', undefined],
    ['{"a":1}', undefined],
    [42, undefined],
  ])('%j → %j', (raw, expected) => {
    expect(parseAnswerOptions(raw)).toEqual(expected);
  });
});

describe('answerOptionsProblem', () => {
  it('accepts none, or 2 to 5', () => {
    for (const n of [0, 2, 3, 5])
      expect(
        answerOptionsProblem(
          '',
          Array.from({ length: n }, (_, i) => `o${i}`),
        ),
      ).toBeUndefined();
  });
  it('refuses 1 or 6 options, blank ones, and unparseable text', () => {
    expect(answerOptionsProblem('', ['only'])).toContain('got 1');
    expect(answerOptionsProblem('', ['1', '2', '3', '4', '5', '6'])).toContain('got 6');
    expect(answerOptionsProblem('', ['a', ' '])).toContain('blank');
    expect(answerOptionsProblem('yes or no', undefined)).toContain('got: yes or no');
  });
});
