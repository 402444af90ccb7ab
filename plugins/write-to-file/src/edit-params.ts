import { z } from 'zod';

// `path` is optional in the schema only so that `absolutePath` (the name native next-gen and
// GPT-5 tool specs use) is accepted as an alias; the handler requires one of the two.
const path = z
  .string()
  .optional()
  .describe('Required. The path of the file, relative to the workspace root (prefix @name: for another root of a multi-root workspace).');
const absolutePath = z.string().optional().describe('Alias of path.');
const taskProgress = z.string().optional().describe('The updated task checklist, in Markdown.');

/** Parameters of `write_to_file`. */
export const writeToFileParams = z.object({
  path,
  absolutePath,
  content: z
    .string()
    .describe('The complete content of the file, every line, with nothing left out. An empty string writes an empty file.'),
  task_progress: taskProgress,
});

/** Parameters of `replace_in_file`. */
export const replaceInFileParams = z.object({
  path,
  absolutePath,
  diff: z.string().describe(
    // The tool's description gives the block format; saying it twice costs tokens on every request.
    'One or more SEARCH/REPLACE blocks in the format of the tool description. An empty SEARCH only fills an empty or new file.',
  ),
  task_progress: taskProgress,
});

/** Parameters of `new_rule`. */
export const newRuleParams = z.object({
  path,
  absolutePath,
  content: z.string().describe('The Markdown content of the rule file.'),
  task_progress: taskProgress,
});

/** The parameters every edit tool may get (the union of the three). */
export interface EditParams {
  path?: string;
  absolutePath?: string;
  content?: string;
  diff?: string;
  task_progress?: string;
}

/** The three names the shared handler serves. */
export type EditToolName = 'write_to_file' | 'replace_in_file' | 'new_rule';
