import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['CHROMIUM_CANDIDATES', 'CHROMIUM_ENV', 'browserSessionRef', 'default']);
  expect(api.default.tools.map((t) => t.name)).toEqual(['browser_action']);
  expect(api.default.tools.find((t) => t.name === 'browser_action')!.approval.category).toBe('browser');
  expect(api.browserSessionRef.scope).toBe('task');
});
