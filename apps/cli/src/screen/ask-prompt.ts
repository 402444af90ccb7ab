import type { AskResponse } from '@quiver/core';
import { escapeTerminal } from '@quiver/core/host';
import type { Colors } from './colors.js';
import { promptLine } from './line-prompt.js';

/** What a question prompt needs. */
export interface AskPromptContext {
  colors: Colors;
  /** `--yes`: the completion is accepted without stopping. */
  yes: boolean;
  /** Where a completion result is printed (stdout, as the model's text is). */
  stdout: { write(text: string): unknown };
  onInterrupt(): void;
}

/** The hint under a completion result: what Enter and text do. */
export const COMPLETION_HINT = 'Press Enter to accept and finish, or type feedback and the model will carry on (Ctrl-C cancels):';

/** The hint under a question from the model. */
export const QUESTION_HINT = 'Type your answer and press Enter (Ctrl-C cancels the task):';

/**
 * Ask on the terminal. A completion result is printed on stdout with {@link COMPLETION_HINT};
 * `--yes` accepts it without stopping, and so do Enter and Ctrl-D. A follow-up question shows
 * its options numbered (a number picks one). Ctrl-C answers `no` and cancels the task; Ctrl-D
 * answers `no` to a question.
 */
export async function askPrompt(type: string, text: string, data: unknown, ctx: AskPromptContext): Promise<AskResponse> {
  const c = ctx.colors;
  if (type === 'completion_result') {
    ctx.stdout.write(`\n${escapeTerminal(text)}\n`);
    if (ctx.yes) return { response: 'yes' };
    return answerOf(await promptLine(`${c.green('✔ Task completed.')} ${c.dim(COMPLETION_HINT)}\n${c.bold('>')} `), ctx, {
      response: 'yes',
    });
  }
  const options = optionsOf(data);
  const lines = [
    c.cyan(escapeTerminal(text)),
    ...options.map((o, i) => `  ${c.bold(String(i + 1))}. ${escapeTerminal(o)}`),
    c.dim(options.length ? `${QUESTION_HINT.slice(0, -1)}; a number picks an option:` : QUESTION_HINT),
  ];
  const reply = answerOf(await promptLine(`\n${lines.join('\n')}\n${c.bold('>')} `), ctx, { response: 'no' });
  const picked = reply.text && /^\d+$/.test(reply.text.trim()) ? options[Number(reply.text.trim()) - 1] : undefined;
  return picked ? { response: 'message', text: picked } : reply;
}

function answerOf(answer: Awaited<ReturnType<typeof promptLine>>, ctx: AskPromptContext, onEof: AskResponse): AskResponse {
  if (answer.kind === 'interrupt') {
    ctx.onInterrupt();
    return { response: 'no', text: 'Cancelled with Ctrl-C.' };
  }
  if (answer.kind === 'eof') return onEof;
  return { response: 'message', text: answer.text };
}

function optionsOf(data: unknown): string[] {
  const options = (data as { options?: unknown } | undefined)?.options;
  return Array.isArray(options) ? options.filter((o): o is string => typeof o === 'string') : [];
}
