import { stat, readFile } from 'node:fs/promises';
import { z } from 'zod';
import { defineTool, ERROR_CODES, errorResult, type TaskConfig, type ToolResponse } from '@quiver/core';
import { countWords } from './count-words.js';

/** Files larger than this are refused unless the plugin option `maxBytes` says otherwise. */
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The plugin's options (`plugins: [{ name: 'quiver-tool-word-count', options }]`), parsed once
 * when the plugin loads: a bad value is a config error naming the file, the plugin and the key.
 */
export const wordCountOptions = z
  .object({
    /** Larger files are refused. @default 10 MiB */
    maxBytes: z.number().int().positive().default(DEFAULT_MAX_BYTES),
  })
  .strict();

/** The parameters of word_count. */
const wordCountParams = z.object({
  path: z.string().describe('The file to count (relative to the current working directory).'),
});

/** word_count: lines, words and characters of one file. */
export const wordCountTool = defineTool({
  name: 'word_count',
  description:
    'Count the lines, words and characters of a text file in the workspace, as `wc` does. ' +
    'Use it to size a file before reading it, or to check the length of something you wrote.',
  params: wordCountParams,
  // The same schema definePlugin() parses: it types config.options in execute().
  options: wordCountOptions,
  annotations: { title: 'Word count', readOnly: true, idempotent: true },
  // Reading a file: the `read` approval category, and `path` goes through the path gates
  // (ignore rules, resolution inside the workspace) before execute() runs.
  approval: 'read',
  paths: { path: 'read' },
  describe: (params) => `[word_count for '${params.path ?? ''}']`,
  execute: (config, params) => countFile(config, params),
});

async function countFile(
  config: TaskConfig<z.output<typeof wordCountOptions>>,
  params: z.infer<typeof wordCountParams>,
): Promise<ToolResponse> {
  // The gates resolved and checked the path; config.paths holds the result.
  const file = config.paths.path.resolved;
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) {
    return errorResult(
      `'${params.path}' is not a file. Call word_count with the path of a file (list_files shows what exists).`,
      ERROR_CODES.TOOL_FAILED,
    );
  }
  const { maxBytes } = config.options;
  if (info.size > maxBytes) {
    return errorResult(
      `'${params.path}' is ${info.size} bytes, over the ${maxBytes}-byte limit. Count a smaller file, or raise the plugin option maxBytes.`,
      ERROR_CODES.TOOL_FAILED,
    );
  }
  const counts = countWords(await readFile(file, 'utf8'));
  return `${params.path}: ${counts.lines} lines, ${counts.words} words, ${counts.characters} characters`;
}
