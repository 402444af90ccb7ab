import { z } from 'zod';
import { askUser, defineTool, textWithImages, type TaskConfig, type ToolResponse } from '@quiver/core';
import { TASK_STATE_KEYS } from '@quiver/shared';

/**
 * Task-state key set when the user accepts; the host then replaces the history.
 * @deprecated Use `TASK_STATE_KEYS.condense` from `@quiver/core`.
 */
export const CONDENSE_KEY = TASK_STATE_KEYS.condense;

/** The texts the model reads (SPEC Part B §16.7). */
export const CONDENSE_RESPONSES = Object.freeze({
  accepted:
    'The user has accepted the condensed conversation summary you generated. The earlier conversation has been replaced by that summary.\n' +
    '<explicit_instructions type="condense_response">\nIt is crucial that you respond by ONLY asking the user what you should work on next. ' +
    'Do not take any initiative or make any assumptions about continuing the work. Do not call any other tool.\n</explicit_instructions>',
  feedback: (text: string) => `The user provided feedback on the condensed conversation summary:\n<feedback>\n${text}\n</feedback>`,
  declined: (why: string) =>
    `The user did not accept the condensed summary${why ? ` (${why})` : ''}. The conversation stays as it is; continue the task.`,
});

const params = z.object({
  context: z
    .string()
    .describe(
      'A detailed summary of the conversation so far: the task, the work done, the current state, key files and decisions, and what comes next.',
    ),
});

/** The parameters of `condense`. */
export type CondenseParams = z.infer<typeof params>;

/**
 * The `condense` tool (SPEC Part B §16.7): proposes replacing the conversation history with
 * the summary in `context` via `ask('condense', context)`. Accepted (`yes`, an empty reply, or
 * yolo), it sets `@quiver/task.condense` to `{ context }` and the agent loop truncates the
 * history; a message is feedback on the summary.
 */
export const condenseTool = defineTool({
  name: 'condense',
  description:
    'Propose condensing the conversation: give a detailed summary of everything so far, and if the user accepts, it replaces the earlier conversation to free up context.',
  params,
  // An agent-loop tool: it talks to the loop that runs the model, so hosts whose client runs its own loop (MCP) leave it out.
  loop: true,
  approval: 'none',
  annotations: { title: 'Condense the conversation' },
  describe: () => '[condense]',
  execute: condense,
});

async function condense(config: TaskConfig, p: CondenseParams): Promise<ToolResponse> {
  if (config.yolo || config.isSubagentExecution) return accept(config, p.context);
  const reply = await askUser(config, 'condense', p.context);
  const text = (reply.text ?? '').trim();
  if (reply.response === 'no') return CONDENSE_RESPONSES.declined(text);
  if (reply.response === 'message' && text) return textWithImages(CONDENSE_RESPONSES.feedback(text), reply.images);
  return accept(config, p.context);
}

function accept(config: TaskConfig, context: string): string {
  config.taskState.values.set(TASK_STATE_KEYS.condense, { context });
  return CONDENSE_RESPONSES.accepted;
}
