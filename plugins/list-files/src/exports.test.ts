import { expect, it } from 'vitest';
import * as api from './index.js';

it('pins the public exports', () => {
  expect(Object.keys(api).sort()).toEqual(['LIST_LIMIT', 'default', 'formatFilesList', 'listFiles']);
  expect(api.default.tools.map((t) => t.name)).toEqual(['list_files']);
});
