import { definePlugin } from '@quiver/core';
import { generateExplanationTool } from './generate-explanation.js';

export { generateExplanationTool } from './generate-explanation.js';
export type { GenerateExplanationParams } from './generate-explanation.js';
export { collectChanges, MAX_DIFF_CHARS } from './collect-changes.js';
export type { ChangedFile, Changes, ChangeRange } from './collect-changes.js';
export { openGit, GIT_TIMEOUT_MS } from './run-git.js';
export type { Git, GitResult } from './run-git.js';

/**
 * The `@quiver/tool-generate-explanation` plugin: registers `generate_explanation`.
 * @example
 * import generateExplanation from '@quiver/tool-generate-explanation';
 * const h = await createTestHarness({ plugins: [generateExplanation] });
 */
export default definePlugin({ name: '@quiver/tool-generate-explanation', tools: [generateExplanationTool] });
