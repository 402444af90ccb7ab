import { APICallError } from 'ai';
import { providerErrorReason } from './provider-error.js';
import { streamTurn, type StreamTurnOptions, type TurnOutcome } from './stream-turn.js';

/** The first wait before a retry; each further one doubles (as the AI SDK's own backoff). */
export const RETRY_INITIAL_DELAY_MS = 2_000;

/** A provider's `retry-after` longer than this is not waited for: the turn fails instead. */
export const RETRY_MAX_DELAY_MS = 60_000;

/** A retry about to happen, for the host to show. */
export interface RetryNotice {
  /** 1-based retry number. */
  attempt: number;
  maxRetries: number;
  /** The provider's reason, e.g. `HTTP 529: Overloaded`. */
  reason: string;
  delayMs: number;
}

/**
 * One model request with retries the host can see: a failure the provider marks retryable
 * (429, 5xx, a dropped connection) before anything streamed is retried after a wait — the
 * provider's `retry-after` when it sends one, else 2 s doubling — and each retry is reported
 * through `onRetry` with the reason and the wait. The SDK's own silent retries are off.
 */
export async function streamTurnWithRetries(options: StreamTurnOptions & { onRetry?(notice: RetryNotice): void }): Promise<TurnOutcome> {
  const maxRetries = options.maxRetries ?? 2;
  for (let attempt = 0; ; attempt++) {
    const turn = await streamTurn({ ...options, maxRetries: 0 });
    if (!turn.error || attempt >= maxRetries || !retryable(turn)) return turn;
    const delayMs = retryDelay(turn.error, attempt);
    if (delayMs === undefined) return turn;
    options.onRetry?.({ attempt: attempt + 1, maxRetries, reason: providerErrorReason(turn.error), delayMs });
    if (!(await sleep(delayMs, options.signal))) return { ...turn, aborted: true };
  }
}

/** Retry only what failed before any text or tool call reached the host: nothing to take back. */
function retryable(turn: TurnOutcome): boolean {
  if (turn.aborted || turn.text || turn.toolCalls.length) return false;
  const e = turn.error;
  if (APICallError.isInstance(e)) return e.isRetryable;
  // A connection that failed before any HTTP status (reset, refused while restarting).
  return (
    e instanceof Error &&
    /ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|socket hang up|terminated/i.test(
      `${e.message} ${String((e as { cause?: unknown }).cause ?? '')}`,
    )
  );
}

/** The wait before retry `attempt` (0-based): the provider's `retry-after(-ms)` if it fits, else backoff. */
function retryDelay(error: unknown, attempt: number): number | undefined {
  const backoff = RETRY_INITIAL_DELAY_MS * 2 ** attempt;
  const headers = APICallError.isInstance(error) ? error.responseHeaders : undefined;
  const asked = headers ? headerDelay(headers) : undefined;
  if (asked === undefined) return backoff;
  return asked <= RETRY_MAX_DELAY_MS ? asked : undefined;
}

function headerDelay(headers: Record<string, string>): number | undefined {
  const ms = Number(headers['retry-after-ms']);
  if (headers['retry-after-ms'] && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers['retry-after'];
  if (!value) return undefined;
  const secs = Number(value);
  if (Number.isFinite(secs) && secs >= 0) return secs * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

/** Wait, unless the signal aborts first; true when the wait ran out. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
