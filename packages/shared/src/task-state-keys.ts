/**
 * The `TaskState.values` keys that tools and the agent loop share. A tool writes one, a host
 * or another tool reads it, so the spelling lives here once rather than in each package.
 * Tool-private data stays under the tool's own package name.
 *
 * | Key | Value | Written by | Read by |
 * | --- | --- | --- | --- |
 * | `completion` | {@link TaskCompletion} | `attempt_completion` | `@quiver/agent` (ends the task) |
 * | `todo` | Markdown checklist (string) | `focus_chain`, `attempt_completion`, `act_mode_respond` | `focus_chain`, hosts |
 * | `mode` | `'plan'` or `'act'` | `plan_mode_respond`, hosts | `plan_mode_respond`, `act_mode_respond` |
 * | `condense` | `{ context: string }` | `condense`, `summarize_task` | hosts (replace the history) |
 * | `newTask` | `{ context: string }` | `new_task` | hosts (start a task with it) |
 * | `initialTask` | the task's first message (string) | hosts | `attempt_completion` (double check) |
 * @example
 * config.taskState.values.set(TASK_STATE_KEYS.todo, '- [x] read\n- [ ] fix');
 */
export const TASK_STATE_KEYS = Object.freeze({
  completion: '@quiver/task.completion',
  todo: '@quiver/task.todo',
  mode: '@quiver/task.mode',
  condense: '@quiver/task.condense',
  newTask: '@quiver/task.newTask',
  initialTask: '@quiver/task.initialTask',
} as const);

/** One of the shared {@link TASK_STATE_KEYS}. */
export type TaskStateKey = (typeof TASK_STATE_KEYS)[keyof typeof TASK_STATE_KEYS];

/** What `attempt_completion` leaves under `TASK_STATE_KEYS.completion` when the user accepts. */
export interface TaskCompletion {
  /** The result as the model stated it. */
  result: string;
  /** The command that demonstrates the result, when one was given. */
  command?: string;
}
