import { z } from 'zod';
import { askUser, defineTool, ERROR_CODES, errorResult, responses, textWithImages, type TaskConfig, type ToolResponse } from '@quiver/core';
import { answerOptionsProblem, currentMode, parseAnswerOptions, TASK_STATE_KEYS } from '@quiver/shared';

/**
 * Task-state key of the task's mode.
 * @deprecated Use `TASK_STATE_KEYS.mode` from `@quiver/core`.
 */
export const MODE_KEY = TASK_STATE_KEYS.mode;

/** The texts the model reads (SPEC Part B §16.3). */
export const PLAN_RESPONSES = Object.freeze({
  needsExploration: '[You have indicated that you need more exploration. Proceed with calling tools to continue the planning process.]',
  goAhead: '[Go ahead and execute.]',
  switchedToAct: '[The user has switched to ACT MODE, so you may now proceed with the task.]',
  messageOnSwitch: (text: string) =>
    `\n\nThe user also provided the following message when switching to ACT MODE:\n<user_message>\n${text}\n</user_message>`,
  userMessage: (text: string) => `<user_message>\n${text}\n</user_message>`,
  noReply: (why: string) =>
    `[The user did not reply to your plan${why ? ` (${why})` : ''}. You are still in PLAN MODE: refine the plan, or wait for the user to switch to ACT MODE.]`,
});

const params = z.object({
  response: z.string().describe('Your reply to the user: the plan, a question about it, or an answer to theirs.'),
  options: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe('2 to 5 replies the user can pick from, as a JSON array of strings. Omit to let the user answer freely.'),
  needs_more_exploration: z
    .union([z.boolean(), z.string()])
    .optional()
    .describe('true when you still need to read files or search before the plan is ready; the user is not asked then.'),
  task_progress: z.string().optional().describe('The updated task checklist, in Markdown.'),
});

/** The parameters of `plan_mode_respond`. */
export type PlanModeRespondParams = z.infer<typeof params>;

/**
 * The `plan_mode_respond` tool (SPEC Part B §16.3): shows the plan to the user with
 * `ask('plan_mode_respond', response, { options })`. A `yes` reply (the host's "switch to ACT
 * MODE" control) — or a host that switched `@quiver/task.mode` to `act` while asking — sets
 * the mode to `act`; a message comes back as `<user_message>`. With `needs_more_exploration`
 * nobody is asked; in yolo mode (and in subagents) the plan is taken as approved.
 */
export const planModeRespondTool = defineTool({
  name: 'plan_mode_respond',
  description:
    'Respond to the user in PLAN MODE: present a plan, ask about the approach, or answer their question. Use it only when you have explored enough to say something useful; set needs_more_exploration to true if you still need to look around first. When the user approves, they switch to ACT MODE and you carry out the plan.',
  params,
  // An agent-loop tool: it talks to the loop that runs the model, so hosts whose client runs its own loop (MCP) leave it out.
  loop: true,
  approval: 'none',
  annotations: { title: 'Reply in plan mode', readOnly: true },
  describe: () => '[plan_mode_respond]',
  execute: planModeRespond,
});

async function planModeRespond(config: TaskConfig, p: PlanModeRespondParams): Promise<ToolResponse> {
  const options = parseAnswerOptions(p.options);
  const problem = answerOptionsProblem(p.options, options);
  if (problem) return errorResult(responses.toolError(`Invalid options for plan_mode_respond: ${problem}.`), ERROR_CODES.PARAM_INVALID);
  if (isTrue(p.needs_more_exploration)) {
    await config.ui.say('plan_mode_respond', p.response);
    return PLAN_RESPONSES.needsExploration;
  }
  if (config.yolo || config.isSubagentExecution) {
    await config.ui.say('plan_mode_respond', p.response);
    if (currentMode(config) === 'act') return PLAN_RESPONSES.goAhead;
    config.taskState.values.set(TASK_STATE_KEYS.mode, 'act');
    return PLAN_RESPONSES.switchedToAct;
  }
  const reply = await askUser(config, 'plan_mode_respond', p.response, { options: options ?? [] });
  const text = (reply.text ?? '').trim();
  // A "no" carries the host's reason (e.g. no terminal), never words of the user.
  if (reply.response === 'no' && currentMode(config) === 'act') return PLAN_RESPONSES.switchedToAct;
  if (reply.response === 'yes' || currentMode(config) === 'act') {
    config.taskState.values.set(TASK_STATE_KEYS.mode, 'act');
    return textWithImages(PLAN_RESPONSES.switchedToAct + (text ? PLAN_RESPONSES.messageOnSwitch(text) : ''), reply.images);
  }
  if (reply.response === 'no') return PLAN_RESPONSES.noReply(text);
  return textWithImages(PLAN_RESPONSES.userMessage(text), reply.images);
}

/** The baseline takes exactly "true"; Quiver also takes the boolean and any case. */
function isTrue(value: boolean | string | undefined): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}
