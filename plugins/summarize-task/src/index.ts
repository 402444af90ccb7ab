import { definePlugin } from '@quiver/core';
import { summarizeTaskTool } from './summarize-task.js';

/**
 * The `@quiver/tool-summarize-task` plugin: registers `summarize_task`.
 * @example
 * import summarizeTask from '@quiver/tool-summarize-task';
 * const h = await createTestHarness({ plugins: [summarizeTask] });
 */
export default definePlugin({ name: '@quiver/tool-summarize-task', tools: [summarizeTaskTool] });
