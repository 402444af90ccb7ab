// web_search through the real pipeline against search APIs on 127.0.0.1 that speak the real
// Brave and Tavily wire formats (SPEC Part B §16.15, Part A "Other tools").
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { definePlugin, ERROR_CODES } from '@quiver/core';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import webSearch, { webSearchProviderRef } from './index.js';
import { webSearchTool } from './web-search-tool.js';
import { startSearchApi, TEST_KEY, type SearchApiServer } from '../test/support/search-api-server.js';
import { WEB_SEARCH_ERRORS } from './web-search-errors.js';

const KEY_ENV = 'QUIVER_TEST_SEARCH_KEY';
let api: SearchApiServer;
let h: TestHarness | undefined;
beforeAll(async () => {
  api = await startSearchApi();
  process.env[KEY_ENV] = TEST_KEY;
});
afterAll(async () => {
  delete process.env[KEY_ENV];
  await api.close();
});
beforeEach(() => {
  api.requests.length = 0;
  api.behave({});
});
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

async function harness(options: Record<string, unknown>, useBrowser = true) {
  h = await createTestHarness({
    plugins: [{ plugin: webSearch, options: { apiKeyEnv: KEY_ENV, baseUrl: api.url, ...options } }],
    config: { approval: { useBrowser } },
  });
  return h;
}

describe('web_search with Brave Search', () => {
  it('sends the Brave request and lists the results the baseline way', async () => {
    const t = await harness({ provider: 'brave' });
    const r = await t.call('web_search', { query: 'vitest projects' });
    expect(r.isError).toBe(false);
    expect(t.text(r)).toBe(
      'Search completed (4 results found):\n\n' +
        '1. Vitest Projects guide\n   https://vitest.dev/guide/projects\n\n' +
        '2. Projects - Stack Overflow\n   https://stackoverflow.com/questions/1/vitest-projects\n\n' +
        '3. Vitest on GitHub\n   https://github.com/vitest-dev/vitest\n\n' +
        '4. Blog post\n   https://www.blog.example.org/vitest\n\n',
    );
    const [req] = api.requests;
    expect(req).toMatchObject({
      method: 'GET',
      path: '/res/v1/web/search',
      headers: expect.objectContaining({ 'x-subscription-token': TEST_KEY, accept: 'application/json' }),
    });
    expect(req.query.get('q')).toBe('vitest projects');
    expect(req.query.get('count')).toBe('10');
  });

  it('allowed_domains: one domain goes into the query as site:, and results are filtered', async () => {
    const t = await harness({});
    const text = t.text(await t.call('web_search', { query: 'vitest', allowed_domains: '["https://www.github.com"]' }));
    expect(api.requests[0].query.get('q')).toBe('vitest site:github.com');
    expect(text).toBe('Search completed (1 results found):\n\n1. Vitest on GitHub\n   https://github.com/vitest-dev/vitest\n\n');
  });

  it('blocked_domains removes a domain and its subdomains', async () => {
    const t = await harness({ maxResults: 5 });
    const text = t.text(await t.call('web_search', { query: 'vitest', blocked_domains: ['stackoverflow.com', 'example.org'] }));
    expect(text).toContain('(2 results found)');
    expect(text).not.toMatch(/stackoverflow|example\.org/);
    expect(api.requests[0].query.get('count')).toBe('20');
  });

  it('maxResults caps the list', async () => {
    const t = await harness({ maxResults: 2 });
    expect(t.text(await t.call('web_search', { query: 'vitest' }))).toContain('(2 results found)');
  });

  it('no results: the count alone', async () => {
    const t = await harness({});
    api.behave({ raw: '{"type":"search","web":{"type":"search","results":[]}}' });
    expect(t.text(await t.call('web_search', { query: 'zzzz' }))).toBe('Search completed (0 results found)');
  });
});

describe('web_search with Tavily', () => {
  it('posts the Tavily request with the domain lists and formats its results', async () => {
    const t = await harness({ provider: 'tavily', maxResults: 3 });
    const text = t.text(await t.call('web_search', { query: 'vitest', blocked_domains: '["github.com"]' }));
    expect(text).toBe(
      'Search completed (3 results found):\n\n1. Vitest Projects guide\n   https://vitest.dev/guide/projects\n\n2. Projects - Stack Overflow\n   https://stackoverflow.com/questions/1/vitest-projects\n\n3. Blog post\n   https://www.blog.example.org/vitest\n\n',
    );
    const [req] = api.requests;
    expect(req).toMatchObject({
      method: 'POST',
      path: '/search',
      headers: expect.objectContaining({ authorization: `Bearer ${TEST_KEY}` }),
    });
    expect(JSON.parse(req.body)).toMatchObject({ query: 'vitest', max_results: 3, include_domains: [], exclude_domains: ['github.com'] });
  });
});

describe('web_search: gates and errors', () => {
  it('both domain lists: an error before approval that counts a mistake', async () => {
    const t = await harness({}, false);
    const r = await t.call('web_search', { query: 'x', allowed_domains: '["a.com"]', blocked_domains: '["b.com"]' });
    expect(r).toMatchObject({ isError: true, code: ERROR_CODES.PARAM_INVALID });
    expect(t.text(r)).toContain('Cannot specify both allowed_domains and blocked_domains');
    expect(t.mistakes.count).toBe(1);
    expect(t.approvals).toEqual([]);
    expect(api.requests).toEqual([]);
  });

  it('a domain list that is not a JSON array is a parameter error', async () => {
    const t = await harness({});
    const r = await t.call('web_search', { query: 'x', allowed_domains: '["a.com"' });
    expect(r).toMatchObject({ isError: true, code: ERROR_CODES.PARAM_INVALID });
    expect(t.text(r)).toContain('allowed_domains: must be a JSON array of domain names');
  });

  it('asks in the browser category when useBrowser is off', async () => {
    const t = await harness({}, false);
    await t.call('web_search', { query: 'vitest' });
    expect(t.approvals).toEqual([
      expect.objectContaining({
        tool: 'web_search',
        category: 'browser',
        setting: 'approval.useBrowser',
        description: "[web_search for 'vitest']",
      }),
    ]);
  });

  it('a missing key or an unknown provider says how to configure it', async () => {
    const t = await harness({ apiKeyEnv: 'QUIVER_TEST_NO_SUCH_KEY' });
    const r = await t.call('web_search', { query: 'x' });
    expect(r).toMatchObject({ isError: true, code: WEB_SEARCH_ERRORS.WEB_SEARCH_UNCONFIGURED, mistake: 'keep' });
    expect(t.text(r)).toContain(
      'Error performing web search: web_search is not configured: the environment variable QUIVER_TEST_NO_SUCH_KEY (the brave API key) is not set',
    );
  });

  it('an unknown provider or option is a config error at load, naming the plugin and the key', async () => {
    await expect(harness({ provider: 'bing' })).rejects.toMatchObject({
      code: ERROR_CODES.CONFIG_INVALID,
      plugin: '@quiver/tool-web-search',
      key: 'options.provider',
    });
    await expect(harness({ maxResult: 3 })).rejects.toMatchObject({ code: ERROR_CODES.CONFIG_INVALID, key: 'options.maxResult' });
  });

  it('API failures: a wrong key, a server error, a body of the wrong shape, a time-out', async () => {
    const t = await harness({ timeoutMs: 300 });
    process.env[KEY_ENV] = 'wrong';
    expect(t.text(await t.call('web_search', { query: 'x' }))).toMatch(
      /^Error performing web search: Brave Search answered HTTP 401 \(check the API key\)/,
    );
    process.env[KEY_ENV] = TEST_KEY;
    api.behave({ status: 503 });
    expect(await t.call('web_search', { query: 'x' })).toMatchObject({
      isError: true,
      code: WEB_SEARCH_ERRORS.WEB_SEARCH_FAILED,
      mistake: 'keep',
    });
    api.behave({ raw: '{"web":{"results":"nope"}}' });
    expect(t.text(await t.call('web_search', { query: 'x' }))).toContain('is baseUrl a Brave Search API endpoint?');
    api.behave({ delayMs: 2000 });
    expect(t.text(await t.call('web_search', { query: 'x' }))).toContain('Brave Search did not answer within 0.3 s');
  });

  it('a provider registered by another plugin replaces the built-in one', async () => {
    const custom = definePlugin({
      name: 'quiver-search-provider-fake',
      tools: [],
      register: (ctx) =>
        ctx.provide(webSearchProviderRef, () => ({
          name: 'fake',
          search: async (req) => [{ title: `hit for ${req.query}`, url: 'https://fake.example/1' }],
        })),
    });
    h = await createTestHarness({ plugins: [webSearch, custom], config: { approval: { useBrowser: true } } });
    expect(h.text(await h.call('web_search', { query: 'q' }))).toBe(
      'Search completed (1 results found):\n\n1. hit for q\n   https://fake.example/1\n\n',
    );
    expect(webSearchTool.approval.category).toBe('browser');
  });
});
