/**
 * The read_file tool (SPEC Part B §6, Part A): reads a file, or a line range of one, with
 * `N | text` line numbers; images, PDF, Word, notebooks and Excel workbooks too. The gates
 * have already validated, ignore-checked, resolved and approved the path before `execute`.
 */
import type { FileHandle } from 'node:fs/promises';
import { z } from 'zod';
import {
  defineTool, ERROR_CODES, errorResult, isQuiverError, quiverError, responses,
  type ContentBlock, type ReadCache, type ResolvedPath, type TaskConfig, type ToolResult,
} from '@quiver/core';
import { parseLineNumber } from './line-window.js';
import { openForRead } from './open-for-read.js';
import { readContent } from './read-content.js';

const lineParam = z.union([z.number(), z.string()]).nullish();

/** The parameters of read_file. `start_line`/`end_line` take numbers or numeric strings. */
export const readFileParams = z.object({
  path: z.string().describe('The path of the file to read (relative to the current working directory).'),
  start_line: lineParam.describe('The first line to read (1-based, inclusive). Omit it to start at line 1.'),
  end_line: lineParam.describe('The last line to read (1-based, inclusive). Omit it to read up to 1000 lines from start_line.'),
  task_progress: z.string().optional().describe('A checklist of the task\'s progress, updated with this call (optional).'),
});

const DESCRIPTION =
  'Read the contents of a file at the specified path. Use this to examine a file whose contents you do not know: ' +
  'to analyze code, review text files, or extract information from configuration files. Each line is shown as ' +
  '`N | text`. Up to 1000 lines are shown per call; use start_line and end_line to read any part of a file of any ' +
  'size, including files too large to read whole. Extracts raw text from PDF and DOCX files, Jupyter notebooks ' +
  '(.ipynb) and Excel workbooks (.xlsx); returns PNG, JPEG and WebP images as images. Other binary files are refused.';

/** The prefix of a repeated read (readCount 2, then 3 and more). */
export function duplicateReadPrefix(displayPath: string, readCount: number): string {
  return readCount >= 3
    ? `[DUPLICATE READ] You have already read '${displayPath}' ${readCount} times in this conversation. The content has not changed since your last read. Please use the information you already have and proceed with your task.\n`
    : `[File already read] The file '${displayPath}' was already read earlier in this conversation. Returning content:\n`;
}

/** read_file, ready for `definePlugin`. */
export const readFileTool = defineTool({
  name: 'read_file',
  description: DESCRIPTION,
  params: readFileParams,
  annotations: { title: 'Read file', readOnly: true, idempotent: true },
  approval: 'read',
  paths: { path: 'read' },
  describe: (params) => `[read_file for '${params.path ?? ''}']`,
  execute: (config, params) => executeReadFile(config, params),
});

/**
 * One read: the cache check (an unchanged file read again gets a prefix and leaves the
 * mistake count alone), then the read itself. Failures are error results that count a mistake.
 */
async function executeReadFile(config: TaskConfig, params: z.infer<typeof readFileParams>): Promise<ToolResult> {
  const path = config.paths.path;
  const displayPath = path.input || params.path;
  let handle: FileHandle | undefined;
  try {
    handle = await openForRead(path);
    const stats = await handle.stat();
    if (stats.isDirectory()) throw notAFile(path, 'is a directory. Use list_files to see what it contains');
    if (!stats.isFile()) throw notAFile(path, 'is not a regular file (a device, FIFO or socket), so it cannot be read as a file');
    const repeat = countRepeat(config.readCache, path.resolved, stats.mtimeMs);
    const content = await readContent({
      handle, absolutePath: path.resolved, size: stats.size, signal: config.signal,
      startLine: parseLineNumber(params.start_line), endLine: parseLineNumber(params.end_line),
      supportsImages: config.options.supportsImages !== false,
      maxDocumentBytes: typeof config.options.maxDocumentBytes === 'number' ? config.options.maxDocumentBytes : undefined,
    });
    if (repeat === undefined) {
      config.readCache.set(path.resolved, { readCount: 1, mtimeMs: stats.mtimeMs });
      return { content, isError: false };
    }
    return { content: withPrefix(content, duplicateReadPrefix(displayPath, repeat)), isError: false, mistake: 'keep' };
  } catch (e) {
    return readFailure(e);
  } finally {
    await handle?.close();
  }
}

/**
 * The read count this read makes, if the file was read before and has not changed since
 * (same mtime); undefined for a fresh read. A changed file is evicted and read fresh.
 */
function countRepeat(cache: ReadCache, absolutePath: string, mtimeMs: number): number | undefined {
  const entry = cache.get(absolutePath);
  if (!entry) return undefined;
  if (entry.mtimeMs !== mtimeMs) {
    cache.delete(absolutePath);
    return undefined;
  }
  const next = { ...entry, readCount: entry.readCount + 1 };
  cache.set(absolutePath, next);
  return next.readCount;
}

function withPrefix(content: ContentBlock[], prefix: string): ContentBlock[] {
  const [first, ...rest] = content;
  return first?.type === 'text' ? [{ type: 'text', text: prefix + first.text }, ...rest] : [{ type: 'text', text: prefix }, ...content];
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
