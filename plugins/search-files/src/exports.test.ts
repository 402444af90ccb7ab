import { expect, it } from 'vitest';
import * as api from './index.js';

it('pins the public exports', () => {
  expect(Object.keys(api).sort()).toEqual(['CONTEXT_LINES', 'MAX_OUTPUT_BYTES', 'MAX_RESULTS', 'MAX_RG_LINES', 'RipgrepJsonReader', 'SEARCH_ERRORS', 'SIZE_NOTICE', 'combineWorkspaceSearches', 'countHeader', 'default', 'fileFilterArgs', 'formatSearch', 'ripgrepArgs', 'runRipgrep', 'searchDirectory', 'searchFilesParams', 'searchFilesTool', 'searchText', 'splitFilePattern']);
  expect(api.default.tools.map((t) => t.name)).toEqual(['search_files']);
});
