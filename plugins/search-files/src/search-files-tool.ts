/**
 * The search_files tool (SPEC Part B §7, Part A): a ripgrep regex search with one line of
 * context, results filtered by the ignore rules. The gates have already ignore-checked the
 * search path, resolved it and asked for approval before any searching happens.
 */
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import {
  coreServices,
  defineTool,
  errorResult,
  parseWorkspaceHint,
  quiverError,
  responses,
  screenPath,
  textResult,
  type ResolvedPath,
  type TaskConfig,
  type ToolResult,
  type WorkspaceRoot,
} from '@quiver/core';
import { combineWorkspaceSearches, searchText } from './format-search-results.js';
import { searchDirectory, type SearchOutcome } from './search-directory.js';
import { SEARCH_ERRORS } from './search-errors.js';

/** The parameters of search_files. */
export const searchFilesParams = z.object({
  path: z
    .string()
    .describe('The path of the directory to search in (relative to the current working directory). It is searched recursively.'),
  regex: z.string().describe('The regular expression to search for (Rust regex syntax).'),
  file_pattern: z
    .string()
    .nullish()
    .describe("Glob pattern(s) to filter files, e.g. '*.ts', or several separated by ';' ('*.csproj;*.sln'). Omit it to search all files."),
  task_progress: z.string().optional().describe("A checklist of the task's progress, updated with this call (optional)."),
});

type SearchParams = z.infer<typeof searchFilesParams>;

const DESCRIPTION =
  'Perform a regex search across files in a directory, with one line of context around each match. ' +
  'Searches recursively, skipping files .gitignore excludes, hidden files and binary files. Uses Rust regex syntax. ' +
  'Results are grouped by file; at most 300 are shown. Craft the regex and file_pattern carefully to keep results focused.';

/** The plugin's options, parsed once when it loads (a bad value is a config error naming the key). */
export const searchFilesOptions = z
  .object({
    /** The rg binary to run. @default the one @vscode/ripgrep ships */
    ripgrepPath: z.string().min(1).optional(),
    /** Matching lines returned at most. */
    maxLines: z.number().int().positive().optional(),
    /** A search returns what it has after this long, in milliseconds. */
    timeoutMs: z.number().int().positive().optional(),
  })
  .strict();

/** The parsed options of search_files. */
export type SearchFilesOptions = z.output<typeof searchFilesOptions>;

/** search_files, ready for `definePlugin`. */
export const searchFilesTool = defineTool({
  name: 'search_files',
  description: DESCRIPTION,
  params: searchFilesParams,
  options: searchFilesOptions,
  annotations: { title: 'Search files', readOnly: true, idempotent: true },
  approval: 'read',
  paths: { path: 'search' },
  ignoredCountsAsMistake: true,
  describe: (p) => `[search_files for '${p.regex ?? ''}'${p.file_pattern ? ` in '${p.file_pattern}'` : ''}]`,
  execute: (config, params) => executeSearchFiles(config, params),
});

async function executeSearchFiles(config: TaskConfig<SearchFilesOptions>, params: SearchParams): Promise<ToolResult> {
  const target = config.paths.path;
  const rgPath = await ripgrepPath(config);
  if (fansOut(config, params.path, target)) return searchAllRoots(config, params, target, rgPath);
  const outcome = await search(config, params, target, rgPath);
  return outcome.ok ? textResult(searchText(outcome.search)) : failed(outcome.error);
}

/** Without an `@name:` hint, a relative path is searched in every workspace root. */
function fansOut(config: TaskConfig, raw: string, target: ResolvedPath): boolean {
  const input = target.input;
  return config.workspaceRoots.length > 1 && !parseWorkspaceHint(raw) && target.inside && !isAbsolute(input) && !input.startsWith('~');
}

function search(
  config: TaskConfig<SearchFilesOptions>,
  params: SearchParams,
  target: ResolvedPath,
  rgPath: string,
): Promise<SearchOutcome> {
  const ignore = config.services.find(coreServices.ignore);
  return searchDirectory({
    rgPath,
    dir: target.resolved,
    regex: params.regex,
    filePattern: params.file_pattern,
    base: target.containingRoot?.path ?? config.cwd,
    isIgnored: ignore ? (path) => ignore.isIgnored(path, false) : undefined,
    signal: config.signal,
    maxLines: config.options.maxLines,
    timeoutMs: config.options.timeoutMs,
  });
}

/** All roots in parallel; a root where the path is missing, ignored or outside adds nothing. */
async function searchAllRoots(
  config: TaskConfig<SearchFilesOptions>,
  params: SearchParams,
  target: ResolvedPath,
  rgPath: string,
): Promise<ToolResult> {
  const outcomes = await Promise.all(
    config.workspaceRoots.map(async (root) => ({ root, outcome: await searchRoot(config, params, target, root, rgPath) })),
  );
  const found = outcomes.flatMap(({ root, outcome }) => (outcome.ok ? [{ name: root.name, search: outcome.search }] : []));
  if (found.length === 0) {
    return failed(outcomes.map(({ root, outcome }) => `${root.name}: ${outcome.ok ? '' : outcome.error}`).join('\n'));
  }
  return textResult(combineWorkspaceSearches(found, outcomes.length));
}

/**
 * One root of a fanned-out search. The primary root's path is the one the gates checked; in
 * every other root the same path goes through the gate's own check (core's `screenPath`, with
 * that root as the base: P1–P3, then the ignore rules), so no root is searched on a weaker check.
 */
async function searchRoot(
  config: TaskConfig<SearchFilesOptions>,
  params: SearchParams,
  target: ResolvedPath,
  root: WorkspaceRoot,
  rgPath: string,
): Promise<SearchOutcome> {
  if (root.path === target.root.path) return search(config, params, target, rgPath);
  const screen = await screenPath(config.services, target.input, 'search', { base: root });
  if (!screen) return { ok: false, error: `No workspace service: '${target.input}' cannot be resolved in workspace '${root.name}'.` };
  if (!screen.allowed) return { ok: false, error: screen.text };
  if (!screen.path.inside) return { ok: false, error: `'${target.input}' leads outside workspace '${root.name}'.` };
  return search(config, params, screen.path, rgPath);
}

function failed(error: string): ToolResult {
  return errorResult(
    responses.toolError(`${error}\nFix the regex (Rust regex syntax), the path or the file pattern and try again.`),
    SEARCH_ERRORS.SEARCH_FAILED,
  );
}

/** The rg binary: the plugin option `ripgrepPath`, else the one @vscode/ripgrep ships. */
async function ripgrepPath(config: TaskConfig<SearchFilesOptions>): Promise<string> {
  const configured = config.options.ripgrepPath;
  if (configured) return configured;
  try {
    return (await import('@vscode/ripgrep')).rgPath;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    throw quiverError(
      SEARCH_ERRORS.SEARCH_FAILED,
      `ripgrep is not available: ${message}. Install @vscode/ripgrep with its binary for this platform, or set the search_files plugin option 'ripgrepPath'.`,
      { tool: 'search_files', cause: e },
    );
  }
}
