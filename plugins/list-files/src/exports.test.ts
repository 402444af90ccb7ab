import { expect, it } from 'vitest';
import * as api from './index.js';

it('pins the public exports', () => {
  expect(Object.keys(api).sort()).toEqual([
    'DEFAULT_IGNORED_DIRS', 'LIST_LIMIT', 'LIST_TIMEOUT_MS', 'NO_FILES', 'NO_GITIGNORE', 'SUMMARY_MAX_FOLDERS', 'SUMMARY_SCAN_LIMIT', 'SUMMARY_SCAN_TIMEOUT_MS',
    'TRUNCATION_HINT', 'compareListedPaths', 'compileGitignore', 'default', 'directoryMatcher', 'folderSummary', 'formatFilesList', 'globToRegexSource', 'isDefaultIgnoredDir', 'isRecursive', 'listFiles', 'listFilesParams',
    'listFilesTool', 'sortListedPaths',
  ]);
  expect(api.default.tools.map((t) => t.name)).toEqual(['list_files']);
});
