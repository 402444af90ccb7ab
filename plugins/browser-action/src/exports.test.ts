import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual([
    'ACTION_EXECUTED', 'BROWSER_ACTIONS', 'BROWSER_CLOSED', 'BrowserSession', 'CHROMIUM_ARGS', 'CHROMIUM_CANDIDATES', 'CHROMIUM_ENV',
    'CLOSE_REMINDER', 'ConsoleLogBuffer', 'DEFAULT_BROWSER_SETTINGS', 'NOT_LAUNCHED_MESSAGE', 'NO_NEW_LOGS', 'SCROLL_PIXELS',
    'actionResultBlocks', 'actionResultText', 'browserActionParams', 'browserActionTool', 'browserOptionsSchema', 'browserSessionRef',
    'browserSettings', 'default', 'findChromium', 'formatConsoleLine', 'parseCoordinate', 'sessionOf',
  ]);
  expect(api.default.tools.map((t) => t.name)).toEqual(['browser_action']);
  expect(api.browserActionTool.approval.category).toBe('browser');
  expect(api.browserSessionRef.scope).toBe('task');
});
