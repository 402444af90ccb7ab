import { definePlugin } from '@quiver/core';
import { attemptCompletionOptions, attemptCompletionTool } from './attempt-completion.js';

/**
 * The `@quiver/tool-attempt-completion` plugin: registers `attempt_completion`. Plugin option
 * `doubleCheckCompletion` (default false) turns every other completion back for re-verification.
 * @example
 * import attemptCompletion from '@quiver/tool-attempt-completion';
 * const h = await createTestHarness({ plugins: [{ plugin: attemptCompletion, options: { doubleCheckCompletion: true } }] });
 */
export default definePlugin({ name: '@quiver/tool-attempt-completion', tools: [attemptCompletionTool], options: attemptCompletionOptions });
