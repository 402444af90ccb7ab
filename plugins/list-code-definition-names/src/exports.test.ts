import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual([
    'DEFINITION_QUERIES', 'DIRECTORY_MISSING', 'EXTENSION_GRAMMARS', 'MAX_LINE_CHARS', 'MAX_SOURCE_BYTES', 'MAX_SOURCE_FILES',
    'NO_DEFINITIONS', 'PATH_IS_FILE', 'SEPARATOR', 'default', 'defaultGrammarDirectory', 'formatCaptures', 'formatDefinitions',
    'grammarForFile', 'grammarLoader', 'listCodeDefinitionNamesParams', 'listCodeDefinitionNamesTool', 'listSourceFiles',
  ]);
  expect(api.default.tools.map((t) => t.name)).toEqual(['list_code_definition_names']);
  expect(api.listCodeDefinitionNamesTool.annotations.readOnly).toBe(true);
  expect(api.listCodeDefinitionNamesTool.approval.category).toBe('read');
});
