import { describe, expect, it } from 'vitest';
import { displayedLineRange } from './displayed-line-range.js';

const text = Array.from({ length: 10 }, (_, i) => `L${i + 1}`).join('\n');

describe('displayedLineRange (§14.3)', () => {
  it('matches the slice shown for an explicit start and end', () => {
    expect(displayedLineRange({ start_line: '3', end_line: '5' }, { text })).toEqual({ start: 3, end: 5 });
  });

  it('is undefined for an image read', () => {
    expect(displayedLineRange({}, { text: 'ok', image: true })).toBeUndefined();
  });

  it('clamps to the file and defaults to the 1000-line window', () => {
    expect(displayedLineRange({}, { text })).toEqual({ start: 1, end: 10 });
    expect(displayedLineRange({ start_line: 8, end_line: 99 }, { text })).toEqual({ start: 8, end: 10 });
    expect(displayedLineRange({ start_line: 20 }, { text })).toBeUndefined();
  });
});
