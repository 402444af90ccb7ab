import { describe, expect, test } from 'vitest';
import { matchPattern } from './match-pattern.js';

const cases: Array<[pattern: string, text: string, expected: boolean]> = [
  ['npm *', 'npm install', true],
  ['npm *', 'npm', true],
  ['npm *', 'npmx', false],
  ['npm *', 'NPM install', false],
  ['git status *', 'git status', true],
  ['git status *', 'git status --short', true],
  ['git status*', 'git statusx', true],
  ['*', '', true],
  ['*', 'a/b c\nd', true],
  ['cat *', 'cat /etc/passwd', true],
  ['a*b*c', 'axxbyyc', true],
  ['a*b*c', 'axxbyy', false],
  ['ls -l?', 'ls -la', true],
  ['ls -l?', 'ls -l', false],
  ['ls -l?', 'ls -lah', false],
  ['echo ?', 'echo é', true],
  ['echo ?', 'echo 😀', true],
  ['a.b', 'axb', false],
  ['(x)+[y]', '(x)+[y]', true],
  ['^$', '^$', true],
  ['npm install', 'npm install lodash', false],
  ['', '', true],
  [' *', '', true],
  ['x *', 'x  ', true],
];

describe('matchPattern (R7)', () => {
  test.each(cases)('%j ~ %j → %s', (pattern, text, expected) => {
    expect(matchPattern(pattern, text)).toBe(expected);
  });

  test('many stars against a long text stay fast (no backtracking blow-up)', () => {
    const text = 'a'.repeat(60_000);
    expect(matchPattern('*a*a*a*a*a*a*a*a*b', text)).toBe(false);
  });
});
