import type { ProgressToken, ServerNotification } from '@modelcontextprotocol/sdk/types.js';

/** Sends `notifications/progress` for one request. */
export interface ProgressReporter {
  /** A chunk of live command output; progress counts the output's bytes so far. */
  output(chunk: string): void;
  /** A progress step reported by a tool. Steps that would not increase progress are dropped. */
  progress(message: string, progress?: number, total?: number): void;
}

/**
 * A progress reporter for a request. Without a progress token (the client did not ask for
 * progress) it does nothing. MCP requires progress to increase with every notification, so
 * output is counted in bytes and a tool's own value is only sent when it moves forward.
 * Send failures are ignored: a client that went away must not fail the tool call.
 */
export function createProgressReporter(
  token: ProgressToken | undefined,
  send: (notification: ServerNotification) => Promise<void>,
): ProgressReporter {
  if (token === undefined) return { output() {}, progress() {} };
  let last = 0;
  const notify = (progress: number, message: string, total?: number) => {
    last = progress;
    const params =
      total !== undefined && total >= progress
        ? { progressToken: token, progress, total, message }
        : { progressToken: token, progress, message };
    send({ method: 'notifications/progress', params }).catch(() => {});
  };
  return {
    output(chunk) {
      if (chunk.length === 0) return;
      notify(last + Buffer.byteLength(chunk), chunk);
    },
    progress(message, progress, total) {
      const next = progress ?? last + 1;
      if (next > last) notify(next, message, total);
    },
  };
}
