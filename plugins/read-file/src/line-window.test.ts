import { describe, expect, it } from 'vitest';
import { lineWindow, parseLineNumber } from './line-window.js';

describe('parseLineNumber', () => {
  it.each([
    [5, 5],
    ['5', 5],
    [' 12 ', 12],
    ['0', 0],
    ['-3', -3],
    ['7.9', 7],
    [3.2, 3],
    ['abc', undefined],
    ['', undefined],
    ['5abc', undefined],
    [Number.NaN, undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%j → %j', (input, expected) => {
    expect(parseLineNumber(input)).toBe(expected);
  });
});

describe('lineWindow', () => {
  it.each([
    [undefined, undefined, { start: 1, end: 1000 }],
    [5, undefined, { start: 5, end: 1004 }],
    [0, undefined, { start: 1, end: 1000 }],
    [3, 5, { start: 3, end: 5 }],
    [5, 3, { start: 3, end: 5 }],
    [-5, 3, { start: 1, end: 3 }],
    [undefined, 0, { start: 1, end: 1 }],
    [undefined, 20, { start: 1, end: 20 }],
  ])('(%j, %j) → %j', (start, end, expected) => {
    expect(lineWindow(start, end)).toEqual(expected);
  });
});
