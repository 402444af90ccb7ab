/**
 * The HTTP exchange the built-in providers share: one request with a time limit, a JSON
 * answer, and failures as `QUIVER_ERR_WEB_SEARCH_FAILED` naming the provider and the status.
 */
import { ERROR_CODES, quiverError } from '@quiver/core';
import { WEB_SEARCH_ERRORS } from './web-search-errors.js';

/** Send `init` to `url` and parse the JSON answer. */
export async function requestJson(provider: string, url: URL, init: RequestInit, timeoutMs: number, signal: AbortSignal): Promise<unknown> {
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.any([signal, timeout]) });
  } catch (cause) {
    if (timeout.aborted) throw failed(`${provider} did not answer within ${timeoutMs / 1000} s`, cause);
    if (signal.aborted) throw quiverError(ERROR_CODES.TOOL_ABORTED, 'The web search was cancelled.', { cause });
    throw failed(`could not reach ${provider} at ${url.origin}: ${(cause as Error).message}`, cause);
  }
  const text = await response.text();
  if (!response.ok) {
    const hint =
      response.status === 401 || response.status === 403
        ? ' (check the API key)'
        : response.status === 429
          ? ' (rate limited; retry later)'
          : '';
    throw failed(`${provider} answered HTTP ${response.status}${hint}: ${text.slice(0, 300)}`);
  }
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw failed(`${provider} answered with something that is not JSON: ${text.slice(0, 200)}`, cause);
  }
}

/** A search failure. */
export function failed(message: string, cause?: unknown) {
  return quiverError(WEB_SEARCH_ERRORS.WEB_SEARCH_FAILED, message, { cause });
}

/** Strip the HTML highlighting some APIs put in titles and snippets, and decode basic entities. */
export function plainText(value: unknown): string {
  return String(value ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
