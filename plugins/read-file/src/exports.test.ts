import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual([
    'DEFAULT_MAX_LINES',
    'MAX_CONTENT_CHARS',
    'MAX_WHOLE_FILE_BYTES',
    'default',
    'detectEncoding',
    'displayedLineRange',
    'formatFileContentWithLineNumbers',
    'readFileTool',
    'readLineRange',
    'readTextFile',
    'truncateContent',
  ]);
  expect(api.default.tools.map((t) => t.name)).toEqual(['read_file']);
});
