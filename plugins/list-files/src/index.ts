import { definePlugin } from '@quiver/core';
import { listFilesOptions, listFilesTool } from './list-files-tool.js';

export { listFilesTool, listFilesParams, isRecursive, LIST_LIMIT, LIST_TIMEOUT_MS, SUMMARY_SCAN_LIMIT, SUMMARY_SCAN_TIMEOUT_MS } from './list-files-tool.js';
export { folderSummary, SUMMARY_MAX_FOLDERS } from './folder-summary.js';
export { listFiles, type ListFilesOptions, type ListFilesResult } from './list-files.js';
export { formatFilesList, sortListedPaths, compareListedPaths, TRUNCATION_HINT, NO_FILES } from './format-files-list.js';
export { compileGitignore, directoryMatcher, globToRegexSource, NO_GITIGNORE, type GitignoreFile, type GitignoreLevel, type DirectoryMatcher } from './gitignore-rules.js';
export { DEFAULT_IGNORED_DIRS, isDefaultIgnoredDir } from './default-ignores.js';

/**
 * The list_files plugin: registers the `list_files` tool.
 * @example
 * import listFiles from '@quiver/tool-list-files';
 * const h = await createTestHarness({ plugins: [listFiles], files: { 'src/a.ts': '' } });
 * await h.call('list_files', { path: '.', recursive: true });
 */
export default definePlugin({ name: '@quiver/tool-list-files', tools: [listFilesTool], options: listFilesOptions });
