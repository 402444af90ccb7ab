import { z } from 'zod';
import {
  askUser,
  defineTool,
  ERROR_CODES,
  errorResult,
  responses,
  type ContentBlock,
  type TaskConfig,
  type ToolResponse,
} from '@quiver/core';
import { TASK_STATE_KEYS, type TaskCompletion } from '@quiver/shared';
import { doubleCheckRequest, takeDoubleCheck } from './double-check.js';
import { runCompletionCommand } from './run-completion-command.js';

/**
 * Task-state key set when the user accepts the result; the agent loop then ends the task.
 * @deprecated Use `TASK_STATE_KEYS.completion` from `@quiver/core`.
 */
export const COMPLETION_KEY = TASK_STATE_KEYS.completion;

/**
 * Task-state key of the todo list.
 * @deprecated Use `TASK_STATE_KEYS.todo` from `@quiver/core`.
 */
export const TODO_KEY = TASK_STATE_KEYS.todo;

/** What the model reads when the task is done. */
export const COMPLETION_DONE = '[attempt_completion] Result: Done';

/** Introduces the user's feedback on a result. */
export const FEEDBACK_INTRO =
  'The user has provided feedback on the results. Consider their input to continue the task, and then attempt completion again.';

const params = z.object({
  result: z
    .string()
    .describe('The result of the task, stated as final: what was done. Do not end with a question or an offer of further help.'),
  command: z.string().optional().describe('Optional command that shows the result to the user (e.g. `open index.html`).'),
  task_progress: z.string().optional().describe('The final task checklist, in Markdown.'),
});

/** The parameters of `attempt_completion`. */
export type AttemptCompletionParams = z.infer<typeof params>;

/**
 * The `attempt_completion` tool (SPEC Part B §16.2, Part A): presents the result through
 * `ask('completion_result', result)`. No reply (or an empty one) accepts it: the task-state key
 * `@quiver/task.completion` is set and the agent loop ends the task. A message is feedback,
 * returned in `<feedback>` so the model carries on. The optional `command` goes through
 * `execute_command` in the pipeline, so every gate and the timeout apply. Plugin option
 * `doubleCheckCompletion: true` turns every other call back with a request to re-verify.
 */
/** The plugin's options, parsed once when it loads (a bad value is a config error naming the key). */
export const attemptCompletionOptions = z
  .object({
    /** Turn the first completion of a task back once, asking the model to check its work (the baseline's double check). @default false */
    doubleCheckCompletion: z.boolean().default(false),
  })
  .strict();

/** The parsed options of attempt_completion. */
export type AttemptCompletionOptions = z.output<typeof attemptCompletionOptions>;

export const attemptCompletionTool = defineTool({
  name: 'attempt_completion',
  description:
    'Present the result of your work to the user once the task is complete, after every tool use has succeeded. The user may accept it, which ends the task, or reply with feedback, which you then act on. Optionally give a command that shows the result (it runs like execute_command, with the same permissions, approval and timeout).',
  params,
  options: attemptCompletionOptions,
  // An agent-loop tool: it talks to the loop that runs the model, so hosts whose client runs its own loop (MCP) leave it out.
  loop: true,
  approval: 'none',
  annotations: { title: 'Complete the task' },
  describe: () => '[attempt_completion]',
  execute: attemptCompletion,
});

async function attemptCompletion(config: TaskConfig<AttemptCompletionOptions>, p: AttemptCompletionParams): Promise<ToolResponse> {
  if (config.options.doubleCheckCompletion && takeDoubleCheck(config.taskState)) {
    const initial = config.taskState.values.get(TASK_STATE_KEYS.initialTask);
    // Turned back, not a mistake: the count stays where it was (vectors §16.x.8).
    return errorResult(
      responses.toolError(doubleCheckRequest(typeof initial === 'string' ? initial : undefined)),
      ERROR_CODES.TOOL_FAILED,
      'keep',
    );
  }
  await storeProgress(config, p.task_progress);
  const command = p.command?.trim() || undefined;
  let output: string | undefined;
  if (command) {
    const outcome = await runCompletionCommand(config, command);
    if (!outcome.ran) return outcome.result;
    output = outcome.output;
  }
  // Nobody answers in yolo mode or inside a subagent: the result stands as given.
  if (config.yolo || config.isSubagentExecution) return complete(config, p.result, command);
  if (config.approvalSettings.enableNotifications) config.ui.notify?.('Task Completed');
  const reply = await askUser(config, 'completion_result', p.result, { command, output });
  const feedback = reply.response === 'message' ? (reply.text ?? '').trim() : '';
  if (!feedback) return complete(config, p.result, command);
  const blocks: ContentBlock[] = [{ type: 'text', text: COMPLETION_DONE }];
  if (output !== undefined) blocks.push({ type: 'text', text: output });
  blocks.push({ type: 'text', text: `${FEEDBACK_INTRO}\n<feedback>\n${feedback}\n</feedback>` });
  return [...blocks, ...(reply.images ?? [])];
}

function complete(config: TaskConfig, result: string, command: string | undefined): string {
  const completion: TaskCompletion = command ? { result, command } : { result };
  config.taskState.values.set(TASK_STATE_KEYS.completion, completion);
  return COMPLETION_DONE;
}

/** The focus-chain update the baseline makes inside attempt_completion. */
async function storeProgress(config: TaskConfig, progress: string | undefined): Promise<void> {
  const list = progress?.trim();
  if (!list) return;
  config.taskState.values.set(TASK_STATE_KEYS.todo, list);
  await config.ui.say('task_progress', list);
}
