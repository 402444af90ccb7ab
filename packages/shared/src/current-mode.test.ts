import { describe, expect, it } from 'vitest';
import { createTaskState } from '@quiver/core';
import { currentMode, TASK_STATE_KEYS } from './index.js';

describe('currentMode', () => {
  it.each([
    { started: 'plan' as const, stored: undefined, expected: 'plan' },
    { started: 'plan' as const, stored: 'act', expected: 'act' },
    { started: 'act' as const, stored: 'plan', expected: 'plan' },
    // Anything else under the key is not a mode switch: the starting mode stands.
    { started: 'act' as const, stored: 'ACT', expected: 'act' },
  ])('started $started, stored $stored → $expected', ({ started, stored, expected }) => {
    const taskState = createTaskState();
    if (stored !== undefined) taskState.values.set(TASK_STATE_KEYS.mode, stored);
    expect(currentMode({ taskState, mode: started })).toBe(expected);
  });
});
