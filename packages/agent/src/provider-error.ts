import { APICallError, LoadAPIKeyError, RetryError } from 'ai';

/** Where the request went, for the message. */
export interface ProviderContext {
  /** `anthropic`, `openai`, `openai-compatible`... */
  provider?: string;
  /** The endpoint the provider was configured with. */
  baseURL?: string;
}

/**
 * One clear line for a model-provider failure — a missing key, an unreachable endpoint, an
 * HTTP error with the provider's own message — with what to do about it. Never a stack trace.
 * @example
 * describeProviderError(e, { provider: 'anthropic' }) // "anthropic returned HTTP 401 ...: invalid x-api-key. Check the API key."
 */
export function describeProviderError(error: unknown, context: ProviderContext = {}): string {
  const who = context.provider ?? 'The model provider';
  let e = error;
  let attempts = '';
  if (RetryError.isInstance(e)) {
    attempts = ` (after ${e.errors.length} attempts)`;
    e = e.lastError;
  }
  if (LoadAPIKeyError.isInstance(e)) return `${who}: no API key. ${e.message}`;
  if (APICallError.isInstance(e)) {
    if (e.statusCode === undefined) return unreachable(who, e.url || context.baseURL, e, attempts);
    const detail = apiMessage(e.responseBody) ?? e.message;
    return `${who} returned HTTP ${e.statusCode} for ${e.url}${attempts}: ${sentence(detail)} ${advice(e.statusCode)}`;
  }
  if (isAbort(e)) return 'The request to the model was cancelled.';
  const code = errorCode(e);
  if (code) return unreachable(who, context.baseURL, e, attempts);
  return `${who} failed${attempts}: ${e instanceof Error ? e.message : String(e)}`;
}

/**
 * The short reason of a failed request, for a retry notice: `HTTP 503: overloaded`,
 * `ECONNREFUSED`, or the error's message.
 */
export function providerErrorReason(error: unknown): string {
  if (APICallError.isInstance(error)) {
    if (error.statusCode === undefined) return errorCode(error) ?? rootMessage(error) ?? error.message;
    const detail = apiMessage(error.responseBody) ?? error.message;
    return `HTTP ${error.statusCode}: ${detail.replace(/[.\s]+$/, '')}`;
  }
  return errorCode(error) ?? (error instanceof Error ? error.message : String(error));
}

/** End a fragment with exactly one full stop (a provider's message often brings its own). */
function sentence(text: string): string {
  const t = text.trimEnd();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

function unreachable(who: string, url: string | undefined, e: unknown, attempts: string): string {
  const why = errorCode(e) ?? rootMessage(e);
  const where = url ? ` at ${url}` : '';
  return `Could not reach ${who}${where}${attempts}${why ? ` (${why})` : ''}. Check that the server is running and that the base URL (model.baseURL or --base-url) is right.`;
}

function advice(status: number): string {
  if (status === 401 || status === 403) return 'Check the API key (the environment variable named by model.apiKeyEnv) and its permissions.';
  if (status === 404) return 'Check the model name and the base URL.';
  if (status === 429) return 'The provider is rate-limiting or out of quota: wait and retry, or check the account.';
  if (status >= 500) return 'The provider failed on its side: retry later.';
  return 'Check the model settings in quiver.config (model.provider, model.model, model.baseURL).';
}

/** The provider's own error message from a JSON error body (Anthropic's and OpenAI's shapes). */
function apiMessage(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const json = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof json.error === 'string' ? json.error : (json.error?.message ?? json.message);
    return typeof m === 'string' && m ? m : undefined;
  } catch {
    return body.length > 200 ? `${body.slice(0, 200)}...` : body || undefined;
  }
}

/** A system error code (ECONNREFUSED, ENOTFOUND...) anywhere down the cause chain. */
function errorCode(e: unknown): string | undefined {
  for (let cur = e, depth = 0; cur && depth < 6; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The message at the bottom of the cause chain (fetch's own reason, e.g. "bad port"). */
function rootMessage(e: unknown): string | undefined {
  let cur = e;
  for (let depth = 0; depth < 6 && (cur as { cause?: unknown })?.cause; depth++) cur = (cur as { cause: unknown }).cause;
  return cur !== e && cur instanceof Error && cur.message ? cur.message : undefined;
}

function isAbort(e: unknown): boolean {
  return e instanceof Error && (e.name === 'AbortError' || e.name === 'ResponseAborted');
}
