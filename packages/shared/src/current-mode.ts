import type { TaskConfig } from '@quiver/core';
import { TASK_STATE_KEYS } from './task-state-keys.js';

/**
 * The task's mode now: the switch stored under `TASK_STATE_KEYS.mode` when there was one
 * (the user may move to ACT MODE mid-task), else the mode the task started in.
 * @param config - the call's config (only `taskState` and `mode` are read).
 * @example
 * if (currentMode(config) !== 'act') return errorResult('Only in ACT MODE.', ERROR_CODES.MODE_RESTRICTED);
 */
export function currentMode(config: Pick<TaskConfig, 'taskState' | 'mode'>): 'plan' | 'act' {
  const mode = config.taskState.values.get(TASK_STATE_KEYS.mode);
  return mode === 'plan' || mode === 'act' ? mode : config.mode;
}
