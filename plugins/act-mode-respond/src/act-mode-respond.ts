import { z } from 'zod';
import { defineTool, ERROR_CODES, errorResult, responses, type TaskConfig, type ToolResponse } from '@quiver/core';
import { currentMode, TASK_STATE_KEYS } from '@quiver/shared';
import { lastToolWasRespond } from './last-tool-mark.js';

/**
 * Task-state key of the task's mode.
 * @deprecated Use `TASK_STATE_KEYS.mode` from `@quiver/core`.
 */
export const MODE_KEY = TASK_STATE_KEYS.mode;

/**
 * Task-state key of the todo list.
 * @deprecated Use `TASK_STATE_KEYS.todo` from `@quiver/core`.
 */
export const TODO_KEY = TASK_STATE_KEYS.todo;

/** The texts the model reads (SPEC Part B §16.4). */
export const ACT_RESPONSES = Object.freeze({
  displayed:
    '[Message displayed. Now proceed with your next tool call - it must be a different tool (read_file, replace_in_file, execute_command, etc.), not act_mode_respond again.]',
  consecutive:
    '[BLOCKED] You cannot call act_mode_respond consecutively. Your message was already shown to the user. Call a different tool now (read_file, replace_in_file, execute_command, etc.) to make progress, or attempt_completion if the task is done.',
  wrongMode: (mode: string) =>
    `The act_mode_respond tool is only available in ACT MODE. You are currently in ${mode.toUpperCase()} MODE. Use plan_mode_respond to talk to the user in PLAN MODE.`,
});

const params = z.object({
  response: z.string().describe('A short progress message for the user: what you found, what you will do next.'),
  task_progress: z.string().optional().describe('The updated task checklist, in Markdown.'),
});

/** The parameters of `act_mode_respond`. */
export type ActModeRespondParams = z.infer<typeof params>;

/**
 * The `act_mode_respond` tool (SPEC Part B §16.4): shows a progress message to the user
 * (`say('text', response)`) in ACT MODE and tells the model to carry on with another tool.
 * Refused in PLAN MODE (a mistake) and right after itself (not a mistake).
 */
export const actModeRespondTool = defineTool({
  name: 'act_mode_respond',
  description:
    'Show the user a short progress message while you work in ACT MODE (what you found, what you will do next), then keep working. It does not end your turn or wait for a reply. Never call it twice in a row: call a different tool next.',
  params,
  // An agent-loop tool: it talks to the loop that runs the model, so hosts whose client runs its own loop (MCP) leave it out.
  loop: true,
  approval: 'none',
  annotations: { title: 'Tell the user about progress', readOnly: true },
  describe: () => '[act_mode_respond]',
  execute: actModeRespond,
});

async function actModeRespond(config: TaskConfig, p: ActModeRespondParams): Promise<ToolResponse> {
  const mode = currentMode(config);
  if (mode !== 'act') return errorResult(responses.toolError(ACT_RESPONSES.wrongMode(mode)), ERROR_CODES.MODE_RESTRICTED);
  if (lastToolWasRespond(config)) return errorResult(ACT_RESPONSES.consecutive, ERROR_CODES.MODE_RESTRICTED, 'keep');
  await config.ui.say('text', p.response);
  const list = p.task_progress?.trim();
  if (list) {
    config.taskState.values.set(TASK_STATE_KEYS.todo, list);
    await config.ui.say('task_progress', list);
  }
  return ACT_RESPONSES.displayed;
}
