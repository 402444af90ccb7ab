import { definePlugin } from '@quiver/core';
import { readFileOptions, readFileTool } from './read-file-tool.js';

export { readFileTool } from './read-file-tool.js';
export { formatFileContentWithLineNumbers } from './format-line-numbers.js';
export { displayedLineRange } from './displayed-line-range.js';
export { DEFAULT_MAX_LINES } from './line-window.js';
export { MAX_CONTENT_CHARS, truncateContent } from './truncate-content.js';
export { readLineRange, type LineRangeRequest, type LineRangeResult } from './read-line-range.js';
export { readTextFile, MAX_WHOLE_FILE_BYTES, type TextReadRequest } from './read-text-file.js';
export { detectEncoding, type TextEncoding, type EncodingSample } from './text-encoding.js';

/**
 * The read_file plugin: registers the `read_file` tool. Plugin options: `supportsImages`
 * (default true) and `maxDocumentBytes` (default 50 MiB).
 * @example
 * import readFile from '@quiver/tool-read-file';
 * const h = await createTestHarness({ plugins: [readFile], files: { 'a.txt': 'hi' } });
 */
export default definePlugin({ name: '@quiver/tool-read-file', tools: [readFileTool], options: readFileOptions });
