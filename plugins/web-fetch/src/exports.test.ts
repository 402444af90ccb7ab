import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['WEB_FETCH_ERRORS', 'default']);
  expect(api.default.tools.map((t) => t.name)).toEqual(['web_fetch']);
  expect(api.default.tools.find((t) => t.name === 'web_fetch')!.approval.category).toBe('browser');
  expect(api.default.tools.find((t) => t.name === 'web_fetch')!.required).toEqual(['url', 'prompt']);
});
