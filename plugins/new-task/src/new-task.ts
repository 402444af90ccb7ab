import { z } from 'zod';
import { askUser, defineTool, textWithImages, type TaskConfig, type ToolResponse } from '@quiver/core';
import { TASK_STATE_KEYS } from '@quiver/shared';

/**
 * Task-state key set when the user accepts the new task.
 * @deprecated Use `TASK_STATE_KEYS.newTask` from `@quiver/core`.
 */
export const NEW_TASK_KEY = TASK_STATE_KEYS.newTask;

/** The texts the model reads (SPEC Part B §16.5). */
export const NEW_TASK_RESPONSES = Object.freeze({
  created: 'The user has created a new task with the provided context.',
  feedback: (text: string) => `The user provided feedback instead of creating a new task:\n<feedback>\n${text}\n</feedback>`,
  declined: (why: string) => `The user did not create a new task${why ? ` (${why})` : ''}. Continue with the current task.`,
});

const params = z.object({
  context: z
    .string()
    .describe(
      'Everything the new task needs to carry on: the work so far, the current state, key decisions, relevant files and the next steps.',
    ),
});

/** The parameters of `new_task`. */
export type NewTaskParams = z.infer<typeof params>;

/**
 * The `new_task` tool (SPEC Part B §16.5): offers the user a fresh task preloaded with
 * `context` via `ask('new_task', context)`. Accepted (`yes`, or an empty reply), it sets
 * `@quiver/task.newTask` to `{ context }` for the agent loop; a message is feedback.
 */
export const newTaskTool = defineTool({
  name: 'new_task',
  description:
    'Propose starting a new task that carries over a detailed summary of this one, when the conversation has grown long or the work moves on to something new. The user decides; if they accept, the new task starts with your context.',
  params,
  // An agent-loop tool: it talks to the loop that runs the model, so hosts whose client runs its own loop (MCP) leave it out.
  loop: true,
  approval: 'none',
  annotations: { title: 'Start a new task' },
  describe: () => '[new_task]',
  execute: newTask,
});

async function newTask(config: TaskConfig, p: NewTaskParams): Promise<ToolResponse> {
  // In yolo mode and subagents nobody answers: yolo approves everything, so the task is created.
  if (config.yolo || config.isSubagentExecution) return create(config, p.context);
  const reply = await askUser(config, 'new_task', p.context);
  const text = (reply.text ?? '').trim();
  if (reply.response === 'no') return NEW_TASK_RESPONSES.declined(text);
  if (reply.response === 'message' && text) return textWithImages(NEW_TASK_RESPONSES.feedback(text), reply.images);
  return create(config, p.context);
}

function create(config: TaskConfig, context: string): string {
  config.taskState.values.set(TASK_STATE_KEYS.newTask, { context });
  return NEW_TASK_RESPONSES.created;
}
