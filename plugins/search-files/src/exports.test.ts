import { expect, it } from 'vitest';
import * as api from './index.js';

it('pins the public exports', () => {
  expect(Object.keys(api).sort()).toEqual(['MAX_RG_LINES', 'SEARCH_ERRORS', 'default', 'ripgrepArgs']);
  expect(api.default.tools.map((t) => t.name)).toEqual(['search_files']);
});
