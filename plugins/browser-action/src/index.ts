import { definePlugin } from '@quiver/core';
import { browserActionTool } from './browser-action-tool.js';
import { registerBrowserSession } from './browser-session-service.js';
import { browserOptionsSchema } from './browser-settings.js';

export type { BrowserSession } from './browser-session.js';
export { browserSessionRef } from './browser-session-service.js';
export { CHROMIUM_ENV, CHROMIUM_CANDIDATES } from './find-chromium.js';

/**
 * The browser_action plugin: registers the `browser_action` tool, a task-scoped browser
 * session (`browserSessionRef`) and a PreToolUse tap that closes the task's browser before
 * any other tool runs. Plugin options: see `browserOptionsSchema` (executablePath,
 * remoteBrowserHost, viewport, timeouts, screenshotType, extraArgs).
 * @example
 * import browserAction from '@quiver/tool-browser-action';
 * const h = await createTestHarness({ plugins: [browserAction] });
 * await h.call('browser_action', { action: 'launch', url: 'http://127.0.0.1:8080' });
 */
export default definePlugin({
  name: '@quiver/tool-browser-action',
  tools: [browserActionTool],
  options: browserOptionsSchema,
  register: registerBrowserSession,
});
