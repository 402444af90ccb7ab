import { expect, it } from 'vitest';
import * as api from './index.js';

it('pins the public exports', () => {
  expect(Object.keys(api).sort()).toEqual([
    'DEFAULT_IGNORED_DIRS', 'LIST_LIMIT', 'LIST_TIMEOUT_MS', 'NO_FILES', 'NO_GITIGNORE', 'TRUNCATION_HINT', 'compareListedPaths', 'compileGitignore',
    'default', 'directoryMatcher', 'formatFilesList', 'globToRegexSource', 'isDefaultIgnoredDir', 'isRecursive', 'listFiles', 'listFilesParams',
    'listFilesTool', 'sortListedPaths',
  ]);
  expect(api.default.tools.map((t) => t.name)).toEqual(['list_files']);
});
