import { ERROR_CODES, quiverError, type AskResponse, type TaskConfig } from '@quiver/core';

/**
 * Ask the user through the host's `ask` port, and stop waiting when the task is cancelled:
 * a person may never answer, but a cancelled task must still end.
 */
export async function askUser(config: TaskConfig, type: string, text: string, data?: unknown): Promise<AskResponse> {
  const { signal } = config;
  const cancelled = () =>
    quiverError(ERROR_CODES.TOOL_ABORTED, `The task was cancelled while ${config.tool} waited for the user's answer.`, { tool: config.tool });
  if (signal.aborted) throw cancelled();
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([Promise.resolve(config.ui.ask(type, text, data)), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
