import { APICallError, LoadAPIKeyError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import { describeProviderError } from './index.js';

const apiError = (statusCode: number | undefined, responseBody?: string, cause?: unknown) =>
  new APICallError({ message: 'raw', url: 'http://127.0.0.1:1/v1/messages', requestBodyValues: {}, statusCode, responseBody, cause });

describe('describeProviderError', () => {
  it('HTTP errors carry the status, the URL, the provider message and advice', () => {
    expect(describeProviderError(apiError(429, '{"error":{"message":"slow down"}}'), { provider: 'openai' })).toBe(
      'openai returned HTTP 429 for http://127.0.0.1:1/v1/messages: slow down. The provider is rate-limiting or out of quota: wait and retry, or check the account.',
    );
    expect(describeProviderError(apiError(404, 'not json at all'))).toContain('HTTP 404');
    expect(describeProviderError(apiError(404, 'not json at all'))).toContain('Check the model name and the base URL.');
  });

  it('retries are unwrapped and counted', () => {
    const e = new RetryError({
      message: 'x',
      reason: 'maxRetriesExceeded',
      errors: [apiError(500), apiError(500), apiError(503, '{"error":"busy"}')],
    });
    expect(describeProviderError(e, { provider: 'anthropic' })).toBe(
      'anthropic returned HTTP 503 for http://127.0.0.1:1/v1/messages (after 3 attempts): busy. The provider failed on its side: retry later.',
    );
  });

  it('connection failures name the system error code', () => {
    const cause = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect'), { code: 'ENOTFOUND' }) });
    expect(describeProviderError(apiError(undefined, undefined, cause), { provider: 'openai' })).toContain(
      'Could not reach openai at http://127.0.0.1:1/v1/messages (ENOTFOUND)',
    );
  });

  it('a missing key and anything else', () => {
    expect(describeProviderError(new LoadAPIKeyError({ message: 'Anthropic API key is missing.' }), { provider: 'anthropic' })).toBe(
      'anthropic: no API key. Anthropic API key is missing.',
    );
    expect(describeProviderError(new Error('odd'))).toBe('The model provider failed: odd');
  });
});
