import { definePlugin } from '@quiver/core';
import { summarizeTaskTool } from './summarize-task.js';

export { summarizeTaskTool, continuationPrompt, CONDENSE_KEY } from './summarize-task.js';
export type { SummarizeTaskParams } from './summarize-task.js';
export { requiredFiles, REQUIRED_FILES_LIMITS } from './required-files.js';
export { loadRequiredFiles } from './load-required-files.js';
export type { LoadedFile, RequiredFilesLoad } from './load-required-files.js';

/**
 * The `@quiver/tool-summarize-task` plugin: registers `summarize_task`.
 * @example
 * import summarizeTask from '@quiver/tool-summarize-task';
 * const h = await createTestHarness({ plugins: [summarizeTask] });
 */
export default definePlugin({ name: '@quiver/tool-summarize-task', tools: [summarizeTaskTool] });
