import { describe, expect, it } from 'vitest';
import { createReadCache, createTaskState } from '../index.js';
import { createMistakeCounter } from './task-state.js';

describe('read cache', () => {
  it('keys are case-insensitive (lowercased, as the baseline does)', () => {
    const cache = createReadCache();
    cache.set('/WS/A.ts', { readCount: 1, mtimeMs: 5 });
    expect(cache.get('/ws/a.TS')).toEqual({ readCount: 1, mtimeMs: 5 });
    expect(cache.size).toBe(1);
    cache.delete('/ws/A.ts');
    expect(cache.size).toBe(0);
    cache.set('/a', { readCount: 1, mtimeMs: 0 });
    cache.set('/b', { readCount: 1, mtimeMs: 0 });
    cache.clear();
    expect(cache.size).toBe(0);
  });
});

describe('mistake counter', () => {
  it('counts, resets, and trips straight to the limit', () => {
    const m = createMistakeCounter(3);
    expect(m.increment()).toBe(1);
    m.increment();
    expect(m).toMatchObject({ count: 2, limit: 3, limitReached: false });
    m.trip();
    expect(m).toMatchObject({ count: 3, limitReached: true });
    m.increment();
    m.trip();
    expect(m.count).toBe(4);
    m.reset();
    expect(m.count).toBe(0);
    expect(createMistakeCounter().limit).toBe(3);
  });
});

describe('task state', () => {
  it('starts clean, with a place for per-plugin values', () => {
    const s = createTaskState();
    expect(s).toMatchObject({ didRejectTool: false, didAlreadyUseTool: false, abort: false });
    s.values.set('quiver-tool-focus-chain', ['todo']);
    expect(createTaskState().values.size).toBe(0);
  });
});
