/**
 * Plain-text reads. A whole-file read (no start_line/end_line) keeps the baseline: files over
 * 20,480,000 bytes are refused, the rest is decoded, cut at 409,600 characters and shown
 * 1000 lines at a time. A range read streams the file (Part A): any size, bounded memory.
 */
import { readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { ERROR_CODES, quiverError } from '@quiver/core';
import { formatFileContentWithLineNumbers, splitLines } from './format-line-numbers.js';
import { formatLineRange } from './format-line-range.js';
import { lineWindow, type LineWindow } from './line-window.js';
import { readLineRange, type LineRangeResult } from './read-line-range.js';
import { createDecoder, detectEncoding, type TextEncoding } from './text-encoding.js';
import { formatBytes, MAX_CONTENT_CHARS, truncateContent } from './truncate-content.js';

/** The baseline's whole-file limit: 20 · 1000 · 1024 bytes. */
export const MAX_WHOLE_FILE_BYTES = 20 * 1000 * 1024;

/** Bytes sampled from the start of a file for BOMs, NUL bytes and the encoding. */
export const HEAD_SAMPLE_BYTES = 64 * 1024;

/** A text read: the open file, its size and extension, and the lines wanted. */
export interface TextReadRequest {
  handle: FileHandle;
  size: number;
  /** Lowercased extension with its dot, or ''. */
  ext: string;
  startLine?: number;
  endLine?: number;
  signal?: AbortSignal;
  /** @default MAX_CONTENT_CHARS */
  maxChars?: number;
  /** Whole-file reads above this are refused. @default MAX_WHOLE_FILE_BYTES */
  maxWholeFileBytes?: number;
  /** Range reads count every line (for the footer's total) up to this size. @default MAX_WHOLE_FILE_BYTES */
  exactCountBytes?: number;
  /** A range read scans at most this many bytes. @default MAX_SCAN_BYTES */
  maxScanBytes?: number;
}

/** Read a text file and return its numbered, footed text (see the module comment). */
export async function readTextFile(request: TextReadRequest): Promise<string> {
  const { handle, size } = request;
  const head = readHead(handle, size);
  if (request.startLine === undefined && request.endLine === undefined) return readWholeFile(request, head);
  const encoding = await detectEncoding({ head, complete: size <= head.length }, request.ext);
  const window = lineWindow(request.startLine, request.endLine);
  const maxChars = request.maxChars ?? MAX_CONTENT_CHARS;
  const countLimit = request.exactCountBytes ?? MAX_WHOLE_FILE_BYTES;
  const result = encoding.asciiCompatible
    ? await readLineRange(handle, {
        start: window.start,
        end: window.end,
        decode: await createDecoder(encoding),
        skip: encoding.bom,
        maxChars,
        countAll: size <= countLimit,
        signal: request.signal,
        maxScanBytes: request.maxScanBytes,
      })
    : await rangeOfWideText(request, encoding, window, maxChars);
  return formatLineRange(result, window, { size, maxChars, countLimit });
}

/** The baseline path: decode it all, cut at 409,600 characters, show the first 1000 lines. */
async function readWholeFile(request: TextReadRequest, head: Buffer): Promise<string> {
  const limit = request.maxWholeFileBytes ?? MAX_WHOLE_FILE_BYTES;
  if (request.size > limit) {
    throw tooLarge(
      request.size,
      limit,
      'Pass start_line and end_line to read it in parts (for example start_line=1 and end_line=1000), or use search_files to find the lines you need.',
    );
  }
  // A file no bigger than the head sample was read whole by it: no second read.
  const full = request.size <= HEAD_SAMPLE_BYTES ? head : await readAll(request.handle, request.size);
  return wholeFileText(full, request.ext, request.maxChars, head);
}

/**
 * The text of a whole file's bytes as read_file shows it: the encoding detected (from `head`,
 * the first {@link HEAD_SAMPLE_BYTES}, when the file is bigger), decoded, cut at `maxChars`
 * and numbered, 1000 lines at most.
 */
export async function wholeFileText(
  full: Buffer,
  ext: string,
  maxChars = MAX_CONTENT_CHARS,
  head: Buffer = full.subarray(0, HEAD_SAMPLE_BYTES),
): Promise<string> {
  const encoding = await detectEncoding({ head, full, complete: true }, ext);
  const text = (await createDecoder(encoding))(full.subarray(encoding.bom));
  return formatFileContentWithLineNumbers(truncateContent(text, maxChars));
}

/**
 * UTF-16/32 text has no byte that always means "new line", so it is decoded in memory:
 * allowed up to the whole-file limit.
 */
async function rangeOfWideText(
  request: TextReadRequest,
  encoding: TextEncoding,
  window: LineWindow,
  maxChars: number,
): Promise<LineRangeResult> {
  const limit = request.maxWholeFileBytes ?? MAX_WHOLE_FILE_BYTES;
  if (request.size > limit) {
    throw tooLarge(
      request.size,
      limit,
      `It is ${encoding.name.toUpperCase()} text, which is read in memory even by range: convert it to UTF-8 first (execute_command: iconv -f ${encoding.name} -t utf-8 <file> > <copy>), or use search_files.`,
    );
  }
  const full = await readAll(request.handle, request.size);
  const text = (await createDecoder(encoding))(full.subarray(encoding.bom));
  const all = text === '' ? [] : splitLines(text);
  const result: LineRangeResult = { lines: [], total: all.length, cut: false, lineCut: false };
  let chars = 0;
  for (let n = window.start; n <= Math.min(window.end, all.length); n++) {
    const line = all[n - 1];
    chars += line.length + (result.lines.length > 0 ? 1 : 0);
    if (chars <= maxChars) {
      result.lines.push(line);
      continue;
    }
    if (result.lines.length === 0) {
      result.lines.push(line.slice(0, maxChars));
      result.lineCut = true;
    }
    result.cut = true;
    break;
  }
  return result;
}

/**
 * The first {@link HEAD_SAMPLE_BYTES} of a regular file (all of a small one), cut to what was
 * there. Read synchronously: at most 64 KiB of a regular file, where each async read is a
 * thread-pool round trip costing more than the read itself on every small read_file call.
 */
function readHead(handle: FileHandle, size: number): Buffer {
  const head = Buffer.allocUnsafe(Math.min(size, HEAD_SAMPLE_BYTES));
  let offset = 0;
  while (offset < head.length) {
    const bytesRead = readSync(handle.fd, head, offset, head.length - offset, offset);
    if (bytesRead === 0) break;
    offset += bytesRead;
  }
  return offset < head.length ? head.subarray(0, offset) : head;
}

/** Read `size` bytes from the start of the file. */
async function readAll(handle: FileHandle, size: number): Promise<Buffer> {
  const buffer = Buffer.alloc(size);
  let offset = 0;
  while (offset < size) {
    const { bytesRead } = await handle.read(buffer, offset, size - offset, offset);
    if (bytesRead === 0) break;
    offset += bytesRead;
  }
  return offset < size ? buffer.subarray(0, offset) : buffer;
}

/** The baseline's refusal, then the size, the limit and what to do instead. */
function tooLarge(size: number, limit: number, advice: string): Error {
  return quiverError(
    ERROR_CODES.FILE_TOO_LARGE,
    `File is too large to read into context. It is ${formatBytes(size)}, over the ${formatBytes(limit)} limit for reading a whole file. ${advice}`,
  );
}
