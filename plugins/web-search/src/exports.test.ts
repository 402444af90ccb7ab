import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['BOTH_DOMAIN_LISTS', 'BRAVE_BASE_URL', 'BUILT_IN_PROVIDERS', 'DEFAULT_MAX_RESULTS', 'SEARCH_TIMEOUT_MS', 'TAVILY_BASE_URL', 'WEB_SEARCH_ERRORS', 'createBraveProvider', 'createTavilyProvider', 'default', 'filterHits', 'formatSearchResults', 'hostMatches', 'normaliseDomain', 'parseDomains', 'providerFromOptions', 'webSearchParams', 'webSearchProviderRef', 'webSearchTool']);
  expect(api.default.tools.map((t) => t.name)).toEqual(['web_search']);
  expect(api.webSearchTool.required).toEqual(['query']);
});
