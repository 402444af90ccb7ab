/**
 * The read_file tool (SPEC Part B §6, Part A): reads a file, or a line range of one, with
 * `N | text` line numbers; images, PDF, Word, notebooks and Excel workbooks too. The gates
 * have already validated, ignore-checked, resolved and approved the path before `execute`.
 */
import { fstatSync } from 'node:fs';
import { extname } from 'node:path';
import type { FileHandle } from 'node:fs/promises';
import { z } from 'zod';
import {
  defineTool,
  ERROR_CODES,
  errorResult,
  isQuiverError,
  quiverError,
  responses,
  type ReadCache,
  type ReadCacheEntry,
  type ResolvedPath,
  type TaskConfig,
  type ToolResult,
} from '@quiver/core';
import { totalLinesOf } from './format-line-numbers.js';
import { parseLineNumber } from './line-window.js';
import { openForRead } from './open-for-read.js';
import { readContent } from './read-content.js';
import { readSmallFile, readsAsText, type SmallFile } from './read-small-file.js';
import { wholeFileText } from './read-text-file.js';

const lineParam = z.union([z.number(), z.string()]).nullish();

/** The parameters of read_file. `start_line`/`end_line` take numbers or numeric strings. */
export const readFileParams = z.object({
  path: z.string().describe('The path of the file to read (relative to the current working directory).'),
  start_line: lineParam.describe('The first line to read (1-based, inclusive). Omit it to start at line 1.'),
  end_line: lineParam.describe('The last line to read (1-based, inclusive). Omit it to read up to 1000 lines from start_line.'),
  task_progress: z.string().optional().describe("A checklist of the task's progress, updated with this call (optional)."),
});

const DESCRIPTION =
  'Read a file whose contents you do not know. Each line is shown as `N | text`; up to 1000 lines per call, and ' +
  'start_line/end_line read any part of a file of any size. Extracts the text of PDF, DOCX, Jupyter (.ipynb) and ' +
  'Excel (.xlsx) files; returns PNG, JPEG and WebP images as images; other binary files are refused.';

/**
 * What a whole-file read of a file already read whole in this task, and unchanged since (same
 * mtime), returns instead of the content again: one line, with the line count.
 */
export function unchangedFileNotice(displayPath: string, lines: number): string {
  return `[Unchanged] '${displayPath}' (${lines} line${lines === 1 ? '' : 's'}) has not changed since you read it earlier in this task; use that content, or read a range (start_line, end_line) to see lines again.`;
}

/** The plugin's options, parsed once when it loads (a bad value is a config error naming the key). */
export const readFileOptions = z
  .object({
    /** Return images as image blocks; false for hosts whose model cannot see them. @default true */
    supportsImages: z.boolean().default(true),
    /** The largest PDF/DOCX/IPYNB read as a document, in bytes. @default 52428800 (50 MiB) */
    maxDocumentBytes: z.number().int().positive().optional(),
    /** How much of a text file is scanned for binary content, in bytes. */
    maxScanBytes: z.number().int().positive().optional(),
  })
  .strict();

/** The parsed options of read_file. */
export type ReadFileOptions = z.output<typeof readFileOptions>;

/** read_file, ready for `definePlugin`. */
export const readFileTool = defineTool({
  name: 'read_file',
  description: DESCRIPTION,
  params: readFileParams,
  options: readFileOptions,
  annotations: { title: 'Read file', readOnly: true, idempotent: true },
  approval: 'read',
  paths: { path: 'read' },
  describe: (params) => `[read_file for '${params.path ?? ''}']`,
  execute: (config, params) => executeReadFile(config, params),
});

/**
 * One read. A whole-file read of a file read whole before in this task and unchanged since gets
 * {@link unchangedFileNotice} instead of the content, leaving the mistake count alone; a range
 * is always read. Failures are error results that count a mistake.
 */
async function executeReadFile(config: TaskConfig<ReadFileOptions>, params: z.infer<typeof readFileParams>): Promise<ToolResult> {
  const path = config.paths.path;
  const displayPath = path.input || params.path;
  const startLine = parseLineNumber(params.start_line);
  const endLine = parseLineNumber(params.end_line);
  const whole = startLine === undefined && endLine === undefined;
  let handle: FileHandle | undefined;
  try {
    if (whole && path.inside && readsAsText(path.resolved)) {
      const small = readSmallFile(path);
      if (small) return await smallWholeRead(config, path, displayPath, small);
    }
    handle = await openForRead(path);
    // fstat of an open descriptor is a tiny metadata call: synchronous, not a thread-pool round trip.
    const stats = fstatSync(handle.fd);
    if (stats.isDirectory()) throw notAFile(path, 'is a directory. Use list_files to see what it contains');
    if (!stats.isFile()) throw notAFile(path, 'is not a regular file (a device, FIFO or socket), so it cannot be read as a file');
    const seen = unchangedEntry(config.readCache, path.resolved, stats.mtimeMs);
    if (whole && seen?.lines !== undefined) {
      config.readCache.set(path.resolved, { ...seen, readCount: seen.readCount + 1 });
      return { content: [{ type: 'text', text: unchangedFileNotice(displayPath, seen.lines) }], isError: false, mistake: 'keep' };
    }
    const content = await readContent({
      handle,
      absolutePath: path.resolved,
      size: stats.size,
      signal: config.signal,
      cwd: config.cwd,
      startLine,
      endLine,
      supportsImages: config.options.supportsImages,
      maxDocumentBytes: config.options.maxDocumentBytes,
      maxScanBytes: config.options.maxScanBytes,
    });
    const first = content[0];
    const lines = whole && content.length === 1 && first?.type === 'text' ? totalLinesOf(first.text) : undefined;
    config.readCache.set(path.resolved, { readCount: (seen?.readCount ?? 0) + 1, mtimeMs: stats.mtimeMs, lines: lines ?? seen?.lines });
    return { content, isError: false, ...(seen ? { mistake: 'keep' as const } : {}) };
  } catch (e) {
    return readFailure(e);
  } finally {
    await handle?.close();
  }
}

/** A whole read of a small text file already in memory: the same result the streaming path gives. */
async function smallWholeRead(
  config: TaskConfig<ReadFileOptions>,
  path: ResolvedPath,
  displayPath: string,
  small: SmallFile,
): Promise<ToolResult> {
  const { mtimeMs } = small.stats;
  const seen = unchangedEntry(config.readCache, path.resolved, mtimeMs);
  if (seen?.lines !== undefined) {
    config.readCache.set(path.resolved, { ...seen, readCount: seen.readCount + 1 });
    return { content: [{ type: 'text', text: unchangedFileNotice(displayPath, seen.lines) }], isError: false, mistake: 'keep' };
  }
  const text = await wholeFileText(small.bytes, extname(path.resolved).toLowerCase());
  config.readCache.set(path.resolved, { readCount: (seen?.readCount ?? 0) + 1, mtimeMs, lines: totalLinesOf(text) ?? seen?.lines });
  return { content: [{ type: 'text', text }], isError: false, ...(seen ? { mistake: 'keep' as const } : {}) };
}

/** The cache entry of a file read before and unchanged since (same mtime); a changed file is evicted. */
function unchangedEntry(cache: ReadCache, absolutePath: string, mtimeMs: number): ReadCacheEntry | undefined {
  const entry = cache.get(absolutePath);
  if (entry && entry.mtimeMs !== mtimeMs) {
    cache.delete(absolutePath);
    return undefined;
  }
  return entry;
}

function notAFile(path: ResolvedPath, what: string): Error {
  return quiverError(ERROR_CODES.TOOL_FAILED, `'${path.input}' ${what}.`, { file: path.resolved });
}

/** An extraction error as the baseline words it: `Error reading file: …`, counted as a mistake. */
function readFailure(e: unknown): ToolResult {
  const message = e instanceof Error ? e.message : String(e);
  const text = message.startsWith('Error reading file:') ? message : `Error reading file: ${message}`;
  return errorResult(responses.toolError(text), isQuiverError(e) ? e.code : ERROR_CODES.TOOL_FAILED, 'increment');
}
