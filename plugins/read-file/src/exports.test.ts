import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual([
    'DEFAULT_MAX_LINES',
    'DOCUMENT_EXTENSIONS',
    'IMAGE_MIME_TYPES',
    'MAX_CONTENT_CHARS',
    'MAX_DOCUMENT_BYTES',
    'MAX_IMAGE_SIDE',
    'MAX_WHOLE_FILE_BYTES',
    'READ_BUFFER_BYTES',
    'TRUNCATION_MARKER',
    'default',
    'detectEncoding',
    'displayedLineRange',
    'formatBytes',
    'formatFileContentWithLineNumbers',
    'lineWindow',
    'parseLineNumber',
    'readFileParams',
    'readFileTool',
    'readLineRange',
    'readTextFile',
    'totalLinesOf',
    'truncateContent',
    'unchangedFileNotice',
  ]);
  expect(api.default.tools.map((t) => t.name)).toEqual(['read_file']);
});
