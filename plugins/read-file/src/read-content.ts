/**
 * What a read returns, by file type: images as image blocks, documents as extracted text
 * (cut at 409,600 characters, then numbered), everything else as text (see read-text-file).
 */
import { extname } from 'node:path';
import type { FileHandle } from 'node:fs/promises';
import type { ContentBlock } from '@quiver/core';
import { DOCUMENT_EXTENSIONS, extractDocument, MAX_DOCUMENT_BYTES } from './extract-document.js';
import { formatFileContentWithLineNumbers } from './format-line-numbers.js';
import { IMAGE_MIME_TYPES, IMAGES_UNSUPPORTED, readImage } from './read-image.js';
import { readTextFile } from './read-text-file.js';
import { truncateContent } from './truncate-content.js';

/** One read of an open, regular file. */
export interface ContentRequest {
  handle: FileHandle;
  absolutePath: string;
  size: number;
  startLine?: number;
  endLine?: number;
  /** The model takes image blocks. @default true */
  supportsImages?: boolean;
  /** @default MAX_DOCUMENT_BYTES */
  maxDocumentBytes?: number;
  /** A range read scans at most this many bytes. @default MAX_SCAN_BYTES */
  maxScanBytes?: number;
  /** The workspace folder: optional document parsers installed there are found too. */
  cwd?: string;
  signal?: AbortSignal;
}

/** The blocks for a read: one text block, or for an image a text block and an image block. */
export async function readContent(request: ContentRequest): Promise<ContentBlock[]> {
  const ext = extname(request.absolutePath).toLowerCase();
  const readAll = () => request.handle.readFile();
  if (ext in IMAGE_MIME_TYPES) {
    if (request.supportsImages === false) return [{ type: 'text', text: IMAGES_UNSUPPORTED }];
    return readImage(ext, request.size, readAll);
  }
  if (DOCUMENT_EXTENSIONS.has(ext)) {
    const text = await extractDocument(ext, request.size, readAll, request.maxDocumentBytes ?? MAX_DOCUMENT_BYTES, request.cwd);
    return [{ type: 'text', text: formatFileContentWithLineNumbers(truncateContent(text), request.startLine, request.endLine) }];
  }
  const text = await readTextFile({
    handle: request.handle,
    size: request.size,
    ext,
    startLine: request.startLine,
    endLine: request.endLine,
    signal: request.signal,
    maxScanBytes: request.maxScanBytes,
  });
  return [{ type: 'text', text }];
}
