import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['default', 'formatDefinitions', 'grammarForFile', 'grammarLoader']);
  expect(api.default.tools.map((t) => t.name)).toEqual(['list_code_definition_names']);
  expect(api.default.tools.find((t) => t.name === 'list_code_definition_names')!.annotations.readOnly).toBe(true);
  expect(api.default.tools.find((t) => t.name === 'list_code_definition_names')!.approval.category).toBe('read');
});
