/**
 * @quiver/documents — the document parsers read_file uses for .pdf, .docx and .xlsx (pdf-parse,
 * mammoth, exceljs: about 55 MB installed). They are left out of the default install; add this
 * package (`quiver plugin add @quiver/documents`) to read such files. The default export is a
 * plugin with no tools, so the package can be named in `plugins` and bundled by `quiver build`.
 */
import { definePlugin } from '@quiver/core';

export { pdfText, docxText } from './document-text.js';
export { workbookText, formatCellValue, MAX_SHEET_ROWS } from './workbook-text.js';

export default definePlugin({ name: '@quiver/documents', tools: [] });
