import { definePlugin } from '@quiver/core';
import { reportBugTool } from './report-bug.js';

/**
 * The `@quiver/tool-report-bug` plugin: registers `report_bug`.
 * @example
 * import reportBug from '@quiver/tool-report-bug';
 * const h = await createTestHarness({ plugins: [reportBug] });
 */
export default definePlugin({ name: '@quiver/tool-report-bug', tools: [reportBugTool] });
