import { definePlugin } from '@quiver/core';
import { newTaskTool } from './new-task.js';

/**
 * The `@quiver/tool-new-task` plugin: registers `new_task`.
 * @example
 * import newTask from '@quiver/tool-new-task';
 * const h = await createTestHarness({ plugins: [newTask] });
 */
export default definePlugin({ name: '@quiver/tool-new-task', tools: [newTaskTool] });
