import { expect, it } from 'vitest';
import { positiveNumberOption } from './index.js';

it.each([
  { value: 50, expected: 50 },
  { value: 0.5, expected: 0.5 },
  { value: undefined, expected: 200 },
  { value: 0, expected: 200 },
  { value: -1, expected: 200 },
  { value: Number.NaN, expected: 200 },
  { value: '50', expected: 200 },
])('positiveNumberOption($value) → $expected', ({ value, expected }) => {
  expect(positiveNumberOption(value === undefined ? {} : { limit: value }, 'limit', 200)).toBe(expected);
});
