import { definePlugin } from '@quiver/core';
import { condenseTool } from './condense.js';

/**
 * The `@quiver/tool-condense` plugin: registers `condense`.
 * @example
 * import condense from '@quiver/tool-condense';
 * const h = await createTestHarness({ plugins: [condense] });
 */
export default definePlugin({ name: '@quiver/tool-condense', tools: [condenseTool] });
