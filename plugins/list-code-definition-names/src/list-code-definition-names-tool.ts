/**
 * The list_code_definition_names tool (SPEC Part B §16.17): the top-level source files of a
 * directory, parsed with web-tree-sitter WASM grammars, each file's definitions shown in the
 * baseline's format. The gates have already refused an ignored directory (P7), resolved the
 * path and asked for approval (read category) before this runs.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { z } from 'zod';
import {
  coreServices,
  defineTool,
  ERROR_CODES,
  errorResult,
  isQuiverError,
  quiverError,
  responses,
  textResult,
  type TaskConfig,
  type ToolResult,
} from '@quiver/core';
import { createListingFilter } from '@quiver/ignore';
import { isPathInside } from '@quiver/workspace';
import { formatDefinitions } from './format-definitions.js';
import { grammarLoader, type GrammarLoader } from './grammar-loader.js';
import { listSourceFiles, MAX_SOURCE_FILES, type SourceFile } from './list-source-files.js';

/** The result when no file yields a definition. */
export const NO_DEFINITIONS = 'No source code definitions found.';

/** A file larger than this is skipped (generated bundles say little and parse slowly). */
export const MAX_SOURCE_BYTES = 1024 * 1024;

/** The plugin's options. Unknown keys are errors. */
export const listCodeDefinitionNamesOptions = z
  .object({
    /** Source files read at most. @default 50 */
    maxFiles: z.number().int().positive().default(MAX_SOURCE_FILES),
    /** A file larger than this (bytes) is skipped. @default 1048576 */
    maxFileBytes: z.number().int().positive().default(MAX_SOURCE_BYTES),
    /** A folder of `tree-sitter-<id>.wasm` grammars. @default the bundled grammars */
    grammarDirectory: z.string().min(1).optional(),
  })
  .strict();

/** The parsed options of list_code_definition_names. */
export type ListCodeDefinitionNamesOptions = z.output<typeof listCodeDefinitionNamesOptions>;

/** The error for a path that names a file. */
export const PATH_IS_FILE =
  'The provided path is a file, not a directory. list_code_definition_names lists the definitions of the source files at the top level of a directory: pass the directory that contains the file, or use read_file to read the file itself.';

/** The error for a directory that is missing or unreadable (the baseline's words). */
export const DIRECTORY_MISSING = 'This directory does not exist or you do not have permission to access it.';

/** The parameters of list_code_definition_names. */
export const listCodeDefinitionNamesParams = z.object({
  path: z
    .string()
    .describe('The path of the directory (relative to the current working directory) to list top level source code definitions for.'),
  task_progress: z.string().optional().describe("A checklist of the task's progress, updated with this call (optional)."),
});

type Params = z.infer<typeof listCodeDefinitionNamesParams>;

const DESCRIPTION =
  'List the definition names (classes, functions, methods, interfaces, types) in the source files at the top level of a ' +
  'directory: a quick map of its structure. Reads at most 50 files (js, jsx, ts, tsx, py, rs, go, c, h, cpp, hpp, cs, rb, ' +
  'java, php, swift, kt and a few variants).';

/** list_code_definition_names, ready for `definePlugin`. */
export const listCodeDefinitionNamesTool = defineTool({
  name: 'list_code_definition_names',
  description: DESCRIPTION,
  params: listCodeDefinitionNamesParams,
  annotations: { title: 'List code definition names', readOnly: true, idempotent: true },
  approval: 'read',
  paths: { path: 'list' },
  ignoredCountsAsMistake: true,
  options: listCodeDefinitionNamesOptions,
  describe: (params) => `[list_code_definition_names for '${params.path ?? ''}']`,
  execute: (config, params) => executeListDefinitions(config, params),
});

async function executeListDefinitions(config: TaskConfig<ListCodeDefinitionNamesOptions>, _params: Params): Promise<ToolResult> {
  const target = config.paths.path;
  if (target.exists && !target.isDirectory) return errorResult(responses.toolError(PATH_IS_FILE), ERROR_CODES.PARAM_INVALID);
  let files: SourceFile[];
  try {
    files = await listSourceFiles(target.resolved, listingOptions(config, target.inside));
  } catch {
    return errorResult(responses.toolError(DIRECTORY_MISSING), ERROR_CODES.FILE_NOT_FOUND);
  }
  try {
    return textResult(await describeFiles(config, files));
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return errorResult(
      responses.toolError(`Error listing code definitions: ${message}`),
      isQuiverError(e) ? e.code : ERROR_CODES.TOOL_FAILED,
    );
  }
}

function listingOptions(config: TaskConfig<ListCodeDefinitionNamesOptions>, listedInside: boolean) {
  const ignore = config.services.find(coreServices.ignore);
  const filter = ignore ? createListingFilter(ignore, config.workspaceRoots) : undefined;
  return {
    show: (path: string, isDir: boolean, isLink: boolean) => (filter ? filter.show(path, isDir, isLink) : true),
    // A link inside the workspace may not lead out of it: that read would need external approval.
    mayRead: (real: string) => !listedInside || config.workspaceRoots.some((r) => isPathInside(real, r.path)),
    limit: config.options.maxFiles,
  };
}

/** Every file's block, in order; the baseline's "nothing found" sentence when there are none. */
async function describeFiles(config: TaskConfig<ListCodeDefinitionNamesOptions>, files: readonly SourceFile[]): Promise<string> {
  const loader = loaderFor(config);
  const maxBytes = config.options.maxFileBytes;
  let result = '';
  for (const file of files) {
    if (config.signal.aborted) {
      throw quiverError(ERROR_CODES.TOOL_ABORTED, 'the listing was cancelled before it finished', { tool: 'list_code_definition_names' });
    }
    const source = await readSource(file, maxBytes);
    if (source === undefined) continue;
    const definitions = formatDefinitions(source, await loader.load(file.grammar));
    if (definitions) result += `${file.name}\n${definitions}\n`;
  }
  return result || NO_DEFINITIONS;
}

/**
 * A file's text, or undefined to skip it: the size is checked on the open descriptor before
 * anything is read (a 2 GB file costs a stat, not a read), a FIFO or device is never waited on
 * (O_NONBLOCK, regular files only), and a file that cannot be read is skipped rather than
 * failing the whole listing (SPEC R1).
 */
async function readSource(file: SourceFile, maxBytes: number): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(file.path, constants.O_RDONLY | constants.O_NONBLOCK);
    const st = await handle.stat();
    if (!st.isFile() || st.size > maxBytes) return undefined;
    const buffer = Buffer.alloc(st.size);
    const { bytesRead } = await handle.read(buffer, 0, st.size, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } catch {
    return undefined;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

function loaderFor(config: TaskConfig<ListCodeDefinitionNamesOptions>): GrammarLoader {
  const directory = config.options.grammarDirectory;
  return directory ? grammarLoader(directory) : grammarLoader();
}
