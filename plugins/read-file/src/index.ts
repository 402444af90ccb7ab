import { definePlugin } from '@quiver/core';
import { readFileTool } from './read-file-tool.js';

export { readFileTool, readFileParams, duplicateReadPrefix } from './read-file-tool.js';
export { formatFileContentWithLineNumbers, numberLines, lineFooter, splitLines } from './format-line-numbers.js';
export { formatLineRange, type RangeContext } from './format-line-range.js';
export { displayedLineRange } from './displayed-line-range.js';
export { DEFAULT_MAX_LINES, lineWindow, parseLineNumber, type LineWindow } from './line-window.js';
export { MAX_CONTENT_CHARS, TRUNCATION_MARKER, formatBytes, truncateContent } from './truncate-content.js';
export { readLineRange, countNewlines, READ_BUFFER_BYTES, type LineRangeRequest, type LineRangeResult } from './read-line-range.js';
export { readTextFile, MAX_WHOLE_FILE_BYTES, HEAD_SAMPLE_BYTES, type TextReadRequest } from './read-text-file.js';
export { detectEncoding, createDecoder, isValidUtf8, binaryFileError, type TextEncoding, type EncodingSample } from './text-encoding.js';
export { readImage, IMAGE_MIME_TYPES, MAX_IMAGE_SIDE, MAX_IMAGE_BYTES, IMAGES_UNSUPPORTED } from './read-image.js';
export { extractDocument, stripNotebookOutputs, DOCUMENT_EXTENSIONS, MAX_DOCUMENT_BYTES } from './extract-document.js';
export { extractWorkbookText, formatCellValue, MAX_SHEET_ROWS } from './extract-workbook.js';
export { readContent, type ContentRequest } from './read-content.js';
export { openForRead, fileNotFound } from './open-for-read.js';

/**
 * The read_file plugin: registers the `read_file` tool.
 * @example
 * import readFile from '@quiver/tool-read-file';
 * const h = await createTestHarness({ plugins: [readFile], files: { 'a.txt': 'hi' } });
 */
export default definePlugin({ name: '@quiver/tool-read-file', tools: [readFileTool] });
