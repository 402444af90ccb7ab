import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['WEB_SEARCH_ERRORS', 'default', 'providerFromOptions', 'webSearchProviderRef']);
  expect(api.default.tools.map((t) => t.name)).toEqual(['web_search']);
  expect(api.default.tools.find((t) => t.name === 'web_search')!.required).toEqual(['query']);
});
