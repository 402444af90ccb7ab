import { definePlugin } from '@quiver/core';
import { listCodeDefinitionNamesOptions, listCodeDefinitionNamesTool } from './list-code-definition-names-tool.js';

export { formatDefinitions } from './format-definitions.js';
export { grammarLoader, type GrammarLoader, type LoadedGrammar } from './grammar-loader.js';
export { grammarForFile, type Grammar } from './languages.js';

/**
 * The list_code_definition_names plugin: registers the `list_code_definition_names` tool.
 * Plugin options: `grammarDirectory` (a folder of `tree-sitter-<id>.wasm` files; default the
 * one tree-sitter-wasms ships), `maxFiles` (default 50), `maxFileBytes` (default 1 MiB).
 * @example
 * import listCodeDefinitionNames from '@quiver/tool-list-code-definition-names';
 * const h = await createTestHarness({ plugins: [listCodeDefinitionNames], files: { 'a.ts': 'function f() {}' } });
 * await h.call('list_code_definition_names', { path: '.' });
 */
export default definePlugin({
  name: '@quiver/tool-list-code-definition-names',
  tools: [listCodeDefinitionNamesTool],
  options: listCodeDefinitionNamesOptions,
});
