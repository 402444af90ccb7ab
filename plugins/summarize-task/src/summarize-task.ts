import { z } from 'zod';
import { defineTool, type TaskConfig, type ToolResponse } from '@quiver/core';
import { TASK_STATE_KEYS } from '@quiver/shared';
import { loadRequiredFiles, type RequiredFilesLoad } from './load-required-files.js';
import { requiredFiles } from './required-files.js';

/**
 * Task-state key set with the summary; the host then replaces the history.
 * @deprecated Use `TASK_STATE_KEYS.condense` from `@quiver/core`.
 */
export const CONDENSE_KEY = TASK_STATE_KEYS.condense;

/**
 * The prompt that continues the task from a summary (the baseline's `continuationPrompt`).
 */
export function continuationPrompt(summary: string): string {
  return (
    'This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\n\n' +
    `<summary>\n${summary.trim()}\n</summary>\n\n` +
    'Please continue the conversation from where we left it off without asking the user any further questions. Continue with the last task that you were asked to work on.'
  );
}

const params = z.object({
  context: z
    .string()
    .describe(
      'A detailed summary of the task so far: the request, key decisions, files and code changed, errors and fixes, pending work, the current step and the next one, and a numbered "Required Files:" section listing (one "- path" per line) the files needed to continue.',
    ),
});

/** The parameters of `summarize_task`. */
export type SummarizeTaskParams = z.infer<typeof params>;

/**
 * The `summarize_task` tool (SPEC Part B §16.8): compacts the conversation into `context`.
 * It says the summary (`say('tool', context, { tool: 'summarizeTask', content })`), reads the
 * files the summary's `Required Files:` section lists (at most 8 of 10, 100,000 characters,
 * only files read_file could read without asking), sets `@quiver/task.condense` to `{ context }`
 * so the agent loop replaces the history, and returns the continuation prompt with the files.
 */
export const summarizeTaskTool = defineTool({
  name: 'summarize_task',
  description:
    'Summarize the task so far when the context window is nearly full, so the work can continue in a fresh context. Include a numbered "Required Files:" section listing the files needed to continue (one "- path" per line); they are loaded for you.',
  params,
  // An agent-loop tool: it talks to the loop that runs the model, so hosts whose client runs its own loop (MCP) leave it out.
  loop: true,
  approval: 'none',
  annotations: { title: 'Summarize the task' },
  describe: () => '[summarize_task]',
  execute: summarizeTask,
});

async function summarizeTask(config: TaskConfig, p: SummarizeTaskParams): Promise<ToolResponse> {
  await config.ui.say('tool', p.context, { tool: 'summarizeTask', content: p.context });
  const files = await loadRequiredFiles(config, requiredFiles(p.context));
  config.taskState.values.set(TASK_STATE_KEYS.condense, { context: p.context });
  return continuationPrompt(p.context) + filesSection(files);
}

function filesSection(files: RequiredFilesLoad): string {
  const blocks = files.loaded.map((f) => `<file_content path="${f.path}">\n${f.content}\n</file_content>`);
  const skipped = files.skipped.map((s) => `- ${s.path}: ${s.reason}`);
  let text = blocks.length ? `\n\n${blocks.join('\n\n')}` : '';
  if (skipped.length)
    text += `\n\nThese required files were not loaded (read them with read_file if you need them):\n${skipped.join('\n')}`;
  return text;
}
