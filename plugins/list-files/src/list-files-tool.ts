/**
 * The list_files tool (SPEC Part B §8, Part A P7): lists a directory, optionally recursively,
 * in the baseline's format. The gates have already validated the path, refused an ignored
 * directory, resolved it and asked for approval, all before any listing happens.
 */
import { z } from 'zod';
import { coreServices, defineTool, ERROR_CODES, quiverError, textResult, type TaskConfig, type ToolResult } from '@quiver/core';
import { createListingFilter } from '@quiver/ignore';
import { folderSummary } from './folder-summary.js';
import { formatFilesList } from './format-files-list.js';
import { formatWalk } from './format-walk.js';
import { listFilesCounted, walkPaths } from './list-files.js';

/** Entries shown at most (SPEC Part B §8). */
export const LIST_LIMIT = 200;

/** A recursive listing returns what it has after this long. */
export const LIST_TIMEOUT_MS = 10_000;

/** The plugin's options: `limit` (entries shown, default 200) and `timeoutMs` (default 10000). Unknown keys are errors. */
export const listFilesOptions = z
  .object({
    /** Entries shown at most. @default 200 */
    limit: z.number().int().positive().default(LIST_LIMIT),
    /** A recursive listing returns what it has after this long. @default 10000 */
    timeoutMs: z.number().int().positive().default(LIST_TIMEOUT_MS),
  })
  .strict();

/** The parsed options of list_files. */
export type ListFilesOptions = z.output<typeof listFilesOptions>;

/**
 * A truncated listing's walk goes on past the cut, counting only, until it has read this many
 * entries in all, for the folder summary; counts that miss folders past it are lower bounds
 * (`120+`). The bound keeps a capped listing of a huge tree fast (one walk, no paths kept).
 */
export const SUMMARY_SCAN_LIMIT = 5_000;

/** Counting past the cut gives up after this long (its counts are then lower bounds). */
export const SUMMARY_SCAN_TIMEOUT_MS = 2_000;

/** The parameters of list_files. `recursive` takes a boolean or the string "true" (any case). */
export const listFilesParams = z.object({
  path: z.string().describe('The path of the directory to list (relative to the current working directory).'),
  recursive: z
    .union([z.boolean(), z.string()])
    .nullish()
    .describe('Whether to list files recursively. Use true for a recursive listing; false or omit it for the top level only.'),
  task_progress: z.string().optional().describe("A checklist of the task's progress, updated with this call (optional)."),
});

const DESCRIPTION =
  'List files and directories within the specified directory. If recursive is true, it lists all files and ' +
  'directories below it (skipping dependency and build folders, hidden folders and anything .gitignore excludes); ' +
  'otherwise only the top-level contents. Directories end in `/`. At most 200 entries are shown; a cut listing ends ' +
  'with the file count of each folder not fully shown, so you can list one of them next. No need to confirm ' +
  'files you wrote: the write result says whether they were saved.';

/** True for `true` and for the string "true" in any case. */
export function isRecursive(value: boolean | string | null | undefined): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

/** list_files, ready for `definePlugin`. */
export const listFilesTool = defineTool({
  name: 'list_files',
  description: DESCRIPTION,
  params: listFilesParams,
  annotations: { title: 'List files', readOnly: true, idempotent: true },
  approval: 'read',
  paths: { path: 'list' },
  ignoredCountsAsMistake: true,
  options: listFilesOptions,
  describe: (params) => `[list_files for '${params.path ?? ''}']`,
  execute: (config, params) => executeListFiles(config, params),
});

/**
 * One listing. A missing directory or a file lists as `No files found.` and, as in the
 * baseline, counts as a success.
 */
async function executeListFiles(config: TaskConfig<ListFilesOptions>, params: z.infer<typeof listFilesParams>): Promise<ToolResult> {
  const target = config.paths.path;
  const ignore = config.services.find(coreServices.ignore);
  // One snapshot of the ignore rules for the whole walk: one match per entry, no freshness checks.
  const filter = ignore ? createListingFilter(ignore, config.workspaceRoots) : undefined;
  const recursive = isRecursive(params.recursive);
  const isIgnored = filter ? (path: string, isDir: boolean) => !filter.show(path, isDir) : undefined;
  const shownIn = filter ? (dir: string) => filter.folder(dir) : undefined;
  // Links are followed only within the workspace; outside it, within the listed directory.
  const root = target.containingRoot?.path ?? target.resolved;
  const { walk, counts } = await listFilesCounted(
    target.resolved,
    { recursive, limit: config.options.limit, timeoutMs: config.options.timeoutMs, isIgnored, shownIn, root, signal: config.signal },
    { limit: Math.max(SUMMARY_SCAN_LIMIT, config.options.limit), timeoutMs: SUMMARY_SCAN_TIMEOUT_MS },
  );
  if (config.signal.aborted) {
    throw quiverError(ERROR_CODES.TOOL_ABORTED, `Listing '${target.input}' was cancelled before it finished.`, { tool: 'list_files' });
  }
  if (!walk || !walk.didHitLimit) return textResult(walk ? formatWalk(walk) : formatFilesList([], false));
  const paths = walkPaths(walk);
  const listing = formatFilesList(paths, true);
  const summary = counts && paths.length > 0 ? folderSummary(paths, counts, recursive) : '';
  return textResult(summary ? `${listing}\n${summary}` : listing);
}
