import { definePlugin } from '@quiver/core';
import { reportBugTool } from './report-bug.js';

export { reportBugTool, BUG_RESPONSES } from './report-bug.js';
export type { ReportBugParams } from './report-bug.js';
export { formatBugReport, currentEnvironment } from './format-bug-report.js';
export type { BugReportFields, BugEnvironment } from './format-bug-report.js';
export { saveBugReport, BUG_REPORT_DIR } from './save-bug-report.js';
export type { SavedReport } from './save-bug-report.js';

/**
 * The `@quiver/tool-report-bug` plugin: registers `report_bug`.
 * @example
 * import reportBug from '@quiver/tool-report-bug';
 * const h = await createTestHarness({ plugins: [reportBug] });
 */
export default definePlugin({ name: '@quiver/tool-report-bug', tools: [reportBugTool] });
