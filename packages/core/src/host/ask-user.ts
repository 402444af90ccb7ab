import { ERROR_CODES, quiverError } from '../errors.js';
import type { TaskConfig } from '../tool/task-config.js';
import type { AskResponse } from './host-ui.js';

/**
 * Ask the user a question through the host's `ask` port, and stop waiting when the task is
 * cancelled: a person may never answer, but a cancelled task must still end.
 *
 * @param config - the call's config (only `tool`, `signal` and `ui` are read).
 * @param type - the ask kind the host shows (`followup`, `completion_result`, ...).
 * @param text - the question or the content to confirm.
 * @param data - extra data for the host (answer options, a command's output, ...).
 * @returns the host's answer.
 * @throws QuiverError `QUIVER_ERR_TOOL_ABORTED` when `config.signal` is (or becomes) aborted.
 * @example
 * const reply = await askUser(config, 'followup', 'Which file?', { options: ['a.ts', 'b.ts'] });
 * if (reply.response === 'message') use(reply.text);
 */
export async function askUser(
  config: Pick<TaskConfig, 'tool' | 'signal' | 'ui'>,
  type: string,
  text: string,
  data?: unknown,
): Promise<AskResponse> {
  const { signal } = config;
  const cancelled = () =>
    quiverError(ERROR_CODES.TOOL_ABORTED, `The task was cancelled while ${config.tool} waited for the user's answer.`, {
      tool: config.tool,
    });
  if (signal.aborted) throw cancelled();
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([Promise.resolve(config.ui.ask(type, text, data)), aborted]);
  } finally {
    // The listener would otherwise keep this call's closures alive for the task's lifetime.
    signal.removeEventListener('abort', onAbort);
  }
}
