import { definePlugin } from '@quiver/core';
import { listFilesOptions, listFilesTool } from './list-files-tool.js';

export { LIST_LIMIT } from './list-files-tool.js';
export { listFiles, type ListFilesOptions, type ListFilesResult } from './list-files.js';
export { formatFilesList } from './format-files-list.js';

/**
 * The list_files plugin: registers the `list_files` tool.
 * @example
 * import listFiles from '@quiver/tool-list-files';
 * const h = await createTestHarness({ plugins: [listFiles], files: { 'src/a.ts': '' } });
 * await h.call('list_files', { path: '.', recursive: true });
 */
export default definePlugin({ name: '@quiver/tool-list-files', tools: [listFilesTool], options: listFilesOptions });
