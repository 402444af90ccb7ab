import { definePlugin } from '@quiver/core';
import { SEARCH_ERRORS } from './search-errors.js';
import { searchFilesOptions, searchFilesTool } from './search-files-tool.js';

export { SEARCH_ERRORS } from './search-errors.js';
export { ripgrepArgs } from './search-directory.js';
export { MAX_RG_LINES } from './run-ripgrep.js';

/**
 * The search_files plugin: registers the `search_files` tool.
 * @example
 * import searchFiles from '@quiver/tool-search-files';
 * const h = await createTestHarness({ plugins: [searchFiles], files: { 'a.ts': '// TODO' } });
 * await h.call('search_files', { path: '.', regex: 'TODO' });
 */
export default definePlugin({
  name: '@quiver/tool-search-files',
  tools: [searchFilesTool],
  errors: SEARCH_ERRORS,
  options: searchFilesOptions,
});
