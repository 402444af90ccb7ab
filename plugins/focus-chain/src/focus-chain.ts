import { z } from 'zod';
import { defineTool, ERROR_CODES, errorResult, responses, type TaskConfig, type ToolResponse } from '@quiver/core';
import { TASK_STATE_KEYS } from '@quiver/shared';
import { parseChecklist, progressOf, progressSummary } from './parse-checklist.js';

/**
 * Task-state key of the todo list (a Markdown checklist).
 * @deprecated Use `TASK_STATE_KEYS.todo` from `@quiver/core`.
 */
export const TODO_KEY = TASK_STATE_KEYS.todo;

const params = z.object({
  task_progress: z
    .string()
    .optional()
    .describe('The whole todo list as a Markdown checklist, one item per line: "- [ ] open item" or "- [x] done item".'),
  todos: z.string().optional().describe('Same as task_progress (either name is accepted).'),
});

/** What a call without a list says while the task has none. */
const NO_LIST_YET = 'There is no todo list yet. Send one in task_progress as a Markdown checklist ("- [ ] item" open, "- [x] item" done).';

/** The parameters of `focus_chain`. */
export type FocusChainParams = z.infer<typeof params>;

/**
 * The `focus_chain` tool (SPEC Part A: a plugin, not an unhandled name; Part B §16.6): keeps
 * the task's todo list in `@quiver/task.todo`, says it (`say('task_progress', list)`), and
 * returns the progress ("N of M items done"). A call without a list reports the current one.
 */
export const focusChainTool = defineTool({
  name: 'focus_chain',
  description:
    'Keep the task\'s todo list up to date: send the whole list as a Markdown checklist ("- [ ] item" open, "- [x] item" done) whenever you finish an item or the plan changes. Returns the progress. Call it without a list to see the current one.',
  params,
  // An agent-loop tool: it talks to the loop that runs the model, so hosts whose client runs its own loop (MCP) leave it out.
  loop: true,
  approval: 'none',
  annotations: { title: 'Update the todo list', idempotent: true },
  describe: () => '[focus_chain]',
  execute: focusChain,
});

async function focusChain(config: TaskConfig, p: FocusChainParams): Promise<ToolResponse> {
  const given = [p.task_progress, p.todos].map((v) => v?.trim()).filter((v): v is string => !!v);
  if (given.length === 2 && given[0] !== given[1]) {
    return errorResult(
      responses.toolError('focus_chain got two different lists in task_progress and todos. Send the list once, in task_progress.'),
      ERROR_CODES.PARAM_INVALID,
    );
  }
  const stored = config.taskState.values.get(TASK_STATE_KEYS.todo);
  if (given.length === 0) return currentList(config, typeof stored === 'string' ? stored : undefined);
  const parsed = parseChecklist(given[0]);
  if (!parsed.ok) return errorResult(responses.toolError(`Invalid todo list: ${parsed.error}`), ERROR_CODES.PARAM_INVALID);
  config.taskState.values.set(TASK_STATE_KEYS.todo, parsed.markdown);
  await config.ui.say('task_progress', parsed.markdown, progressOf(parsed.items));
  return `Todo list updated: ${progressSummary(parsed.items)}`;
}

/**
 * No list given: re-say the stored one (as the baseline re-says its file), or say there is none
 * yet — a success, not a mistake: the description tells the model it may call without a list.
 */
async function currentList(config: TaskConfig, stored: string | undefined): Promise<ToolResponse> {
  const parsed = stored === undefined ? undefined : parseChecklist(stored);
  if (!parsed?.ok) return NO_LIST_YET;
  await config.ui.say('task_progress', parsed.markdown, progressOf(parsed.items));
  return `Current todo list: ${progressSummary(parsed.items)}\n\n${parsed.markdown}`;
}
