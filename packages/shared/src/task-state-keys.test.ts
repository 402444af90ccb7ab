import { describe, expect, it } from 'vitest';
import { TASK_STATE_KEYS } from './index.js';

describe('TASK_STATE_KEYS', () => {
  it('are distinct, frozen and namespaced under @quiver/task', () => {
    const keys = Object.values(TASK_STATE_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((k) => k.startsWith('@quiver/task.'))).toBe(true);
    expect(Object.isFrozen(TASK_STATE_KEYS)).toBe(true);
  });
});
