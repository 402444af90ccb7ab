import { definePlugin } from '@quiver/core';
import { SEARCH_ERRORS } from './search-errors.js';
import { searchFilesOptions, searchFilesTool } from './search-files-tool.js';

export { SEARCH_ERRORS } from './search-errors.js';
export { searchFilesTool, searchFilesParams } from './search-files-tool.js';
export { searchDirectory, ripgrepArgs, type SearchRequest, type SearchOutcome } from './search-directory.js';
export { runRipgrep, MAX_RG_LINES, type RipgrepRun, type RipgrepExit } from './run-ripgrep.js';
export { RipgrepJsonReader, CONTEXT_LINES, type FileMatches, type SearchMatch } from './ripgrep-json.js';
export {
  formatSearch, searchText, countHeader, combineWorkspaceSearches, MAX_RESULTS, MAX_OUTPUT_BYTES, SIZE_NOTICE, type FormattedSearch,
} from './format-search-results.js';
export { splitFilePattern, fileFilterArgs } from './file-pattern.js';

/**
 * The search_files plugin: registers the `search_files` tool.
 * @example
 * import searchFiles from '@quiver/tool-search-files';
 * const h = await createTestHarness({ plugins: [searchFiles], files: { 'a.ts': '// TODO' } });
 * await h.call('search_files', { path: '.', regex: 'TODO' });
 */
export default definePlugin({ name: '@quiver/tool-search-files', tools: [searchFilesTool], errors: SEARCH_ERRORS, options: searchFilesOptions });
