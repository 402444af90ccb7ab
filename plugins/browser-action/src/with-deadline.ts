import { ERROR_CODES, quiverError } from '@quiver/core';

/**
 * Settle with `work`, or reject when `ms` pass (`QUIVER_ERR_TOOL_TIMEOUT`) or `signal` aborts
 * (`QUIVER_ERR_TOOL_ABORTED`), whichever is first. Nothing a browser does may hang a call.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, signal: AbortSignal, what: string): Promise<T> {
  // The loser of the race must not become an unhandled rejection.
  work.catch(() => undefined);
  if (signal.aborted) return Promise.reject(aborted(what));
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(
        quiverError(
          ERROR_CODES.TOOL_TIMEOUT,
          `The browser action '${what}' did not finish within ${ms / 1000} s. The browser is still open: try again, or close it.`,
          { tool: 'browser_action' },
        ),
      );
    }, ms);
    const onAbort = () => {
      cleanup();
      reject(aborted(what));
    };
    const cleanup = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => (cleanup(), resolve(value)),
      (error: unknown) => (cleanup(), reject(error)),
    );
  });
}

function aborted(what: string) {
  return quiverError(ERROR_CODES.TOOL_ABORTED, `The browser action '${what}' was cancelled.`, { tool: 'browser_action' });
}
