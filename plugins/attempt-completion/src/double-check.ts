import { type TaskState } from '@quiver/core';
import { TASK_STATE_KEYS } from '@quiver/shared';

/** Where the plugin keeps its pending double-check flag in the task state. */
export const DOUBLE_CHECK_KEY = '@quiver/tool-attempt-completion.doubleCheckPending';

/**
 * Where a host may put the task's first message, so the double check can quote it.
 * @deprecated Use `TASK_STATE_KEYS.initialTask` from `@quiver/core`.
 */
export const INITIAL_TASK_KEY = TASK_STATE_KEYS.initialTask;

/** How much of the initial task the double-check request quotes. */
export const MAX_INITIAL_TASK_CHARS = 8000;

/**
 * Decide whether this completion must be re-verified first (SPEC Part B §16.2, vectors
 * §16.x.8). Calls alternate: the first one is turned back and marks the check pending; the
 * next is accepted and clears the mark, whatever tools ran in between.
 * @returns true when the call must be turned back.
 */
export function takeDoubleCheck(state: TaskState): boolean {
  if (state.values.get(DOUBLE_CHECK_KEY) === true) {
    state.values.delete(DOUBLE_CHECK_KEY);
    return false;
  }
  state.values.set(DOUBLE_CHECK_KEY, true);
  return true;
}

/** The request sent back to the model the first time it tries to complete. */
export function doubleCheckRequest(initialTask?: string): string {
  const quoted =
    initialTask === undefined
      ? ''
      : `\n<initial_task>\n${initialTask.length > MAX_INITIAL_TASK_CHARS ? `${initialTask.slice(0, MAX_INITIAL_TASK_CHARS)}\n...[truncated]` : initialTask}\n</initial_task>\n`;
  return (
    'Before completing, re-verify your work against the original task requirements. Check that:\n' +
    '1. Every requirement of the task is met, not only the main one.\n' +
    '2. The work is finished: no placeholders, TODOs or half-done edits are left.\n' +
    '3. The code builds and the relevant tests pass (run them if you have not).\n' +
    '4. Nothing outside the scope of the task was changed by accident.\n' +
    '5. The edge cases and error handling the task implies are covered.\n' +
    '6. Your result describes what was actually done, accurately.\n' +
    quoted +
    '\nIf everything checks out, call attempt_completion again with your final result.'
  );
}
