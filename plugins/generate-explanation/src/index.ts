import { definePlugin } from '@quiver/core';
import { generateExplanationTool } from './generate-explanation.js';

/**
 * The `@quiver/tool-generate-explanation` plugin: registers `generate_explanation`.
 * @example
 * import generateExplanation from '@quiver/tool-generate-explanation';
 * const h = await createTestHarness({ plugins: [generateExplanation] });
 */
export default definePlugin({ name: '@quiver/tool-generate-explanation', tools: [generateExplanationTool] });
