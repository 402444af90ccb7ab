import { definePlugin } from '@quiver/core';
import { attemptCompletionOptions, attemptCompletionTool } from './attempt-completion.js';

export { attemptCompletionTool, COMPLETION_KEY, COMPLETION_DONE, FEEDBACK_INTRO, TODO_KEY } from './attempt-completion.js';
export type { AttemptCompletionParams } from './attempt-completion.js';
export type { TaskCompletion } from '@quiver/shared';
export { doubleCheckRequest, takeDoubleCheck, DOUBLE_CHECK_KEY, INITIAL_TASK_KEY, MAX_INITIAL_TASK_CHARS } from './double-check.js';
export { runCompletionCommand, COMMAND_TOOL } from './run-completion-command.js';
export type { CommandOutcome } from './run-completion-command.js';

/**
 * The `@quiver/tool-attempt-completion` plugin: registers `attempt_completion`. Plugin option
 * `doubleCheckCompletion` (default false) turns every other completion back for re-verification.
 * @example
 * import attemptCompletion from '@quiver/tool-attempt-completion';
 * const h = await createTestHarness({ plugins: [{ plugin: attemptCompletion, options: { doubleCheckCompletion: true } }] });
 */
export default definePlugin({ name: '@quiver/tool-attempt-completion', tools: [attemptCompletionTool], options: attemptCompletionOptions });
