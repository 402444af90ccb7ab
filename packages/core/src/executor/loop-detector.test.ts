import { describe, expect, it } from 'vitest';
import { createLoopDetector } from './loop-detector.js';

describe('createLoopDetector', () => {
  it('counts calls whose arguments have the same JSON, keys in any order, task_progress left out', () => {
    const loops = createLoopDetector();
    expect(loops.record('t', { a: 'x', b: [1, { c: 2 }] })).toBe(1);
    expect(loops.record('t', { b: [1, { c: 2 }], a: 'x', task_progress: '- [ ] 1' })).toBe(2);
    expect(loops.record('u', { b: [1, { c: 2 }], a: 'x' })).toBe(1);
    expect(loops.record('u', { b: [1, { c: 3 }], a: 'x' })).toBe(1);
  });

  it('tells a string from a value with the same text, and keeps a missing key apart from an undefined one', () => {
    const loops = createLoopDetector();
    expect(loops.record('t', { n: '1' })).toBe(1);
    expect(loops.record('t', { n: 1 })).toBe(1);
    expect(loops.record('t', { n: 1 })).toBe(2);
    expect(loops.record('t', { n: 'null' })).toBe(1);
    expect(loops.record('t', { n: null })).toBe(1);
    expect(loops.record('t', { n: undefined })).toBe(2);
    expect(loops.record('t', {})).toBe(1);
  });

  it('compares with the arguments as they were: a nested value changed after the call is a new call', () => {
    const loops = createLoopDetector();
    const edits = [{ find: 'a', replace: 'b' }];
    expect(loops.record('t', { edits })).toBe(1);
    edits[0].replace = 'c';
    expect(loops.record('t', { edits })).toBe(1);
    expect(loops.record('t', { edits })).toBe(2);
  });

  it('starts again after reset', () => {
    const loops = createLoopDetector();
    loops.record('t', { a: 'x' });
    loops.reset();
    expect(loops.record('t', { a: 'x' })).toBe(1);
  });
});
