import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['BUG_REPORT_DIR', 'BUG_RESPONSES', 'currentEnvironment', 'default', 'formatBugReport', 'reportBugTool', 'saveBugReport']);
  expect(api.default.tools.map((t) => t.name)).toEqual(['report_bug']);
});
