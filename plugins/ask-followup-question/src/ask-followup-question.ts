import { z } from 'zod';
import { askUser, defineTool, ERROR_CODES, errorResult, responses, textWithImages, type TaskConfig, type ToolResponse } from '@quiver/core';
import { answerOptionsProblem, parseAnswerOptions } from '@quiver/shared';

/** The notification a host may show while the question waits (when notifications are on). */
export const QUESTION_NOTIFICATION = 'Quiver has a question...';

const params = z.object({
  question: z.string().describe('The question to ask the user. It should be clear and specific about the information you need.'),
  options: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe(
      '2 to 5 answer options the user can pick from, as a JSON array of strings, e.g. ["Yes", "No"]. Omit to let the user answer freely.',
    ),
  task_progress: z.string().optional().describe('The updated task checklist, in Markdown.'),
});

/** The parameters of `ask_followup_question`. */
export type AskFollowupQuestionParams = z.infer<typeof params>;

/**
 * The text returned instead of an answer when nobody can answer (yolo mode, or a subagent):
 * the model must find the answer with its tools.
 */
export function noUserAnswer(question: string): string {
  return (
    '[YOLO MODE: User input is not available in non-interactive mode. You must use available tools ' +
    `(read_file, search_files, list_files, execute_command and the others) to find the answer to your question: "${question}"]`
  );
}

/**
 * The `ask_followup_question` tool (SPEC Part B §16.1): asks the user through the host's
 * `ask('followup', question, { options })` and returns `<answer>…</answer>` plus any images
 * the user attached. In yolo mode and in subagents nobody is there to ask, so it says so and
 * tells the model to find the answer itself. It is its own approval: it always asks.
 */
export const askFollowupQuestionTool = defineTool({
  name: 'ask_followup_question',
  description:
    'Ask the user a question to gather information you need to complete the task: when something is ambiguous, when you need clarification, or when you need a decision only the user can make. Use it sparingly: prefer finding answers with your tools (reading files, searching). Optionally offer 2-5 answer options; the user may still answer freely.',
  params,
  // An agent-loop tool: it talks to the loop that runs the model, so hosts whose client runs its own loop (MCP) leave it out.
  loop: true,
  approval: 'none',
  annotations: { title: 'Ask the user a question', readOnly: true },
  describe: (p) => `[ask_followup_question for '${(p.question ?? '').slice(0, 80)}']`,
  execute: askFollowupQuestion,
});

async function askFollowupQuestion(config: TaskConfig, p: AskFollowupQuestionParams): Promise<ToolResponse> {
  const options = parseAnswerOptions(p.options);
  const problem = answerOptionsProblem(p.options, options);
  if (problem) return errorResult(responses.toolError(`Invalid options for ask_followup_question: ${problem}.`), ERROR_CODES.PARAM_INVALID);
  if (config.yolo || config.isSubagentExecution) {
    await config.ui.say('info', `[YOLO MODE] Auto-responding to question: "${p.question.slice(0, 100)}..."`);
    return noUserAnswer(p.question);
  }
  if (config.approvalSettings.enableNotifications) config.ui.notify?.(QUESTION_NOTIFICATION);
  const reply = await askUser(config, 'followup', p.question, { options: options ?? [] });
  const text = (reply.text ?? '').trim();
  if (reply.response === 'no') {
    return `The user did not answer the question${text ? ` (${text})` : ''}. Continue with the information you have, or ask in a different way.`;
  }
  const answer = text || (reply.response === 'yes' ? 'yes' : '');
  return textWithImages(`<answer>\n${answer}\n</answer>`, reply.images);
}
