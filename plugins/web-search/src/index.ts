import { definePlugin } from '@quiver/core';
import { WEB_SEARCH_ERRORS } from './web-search-errors.js';
import { webSearchTool } from './web-search-tool.js';
import { webSearchOptions } from './web-search-options.js';

export { WEB_SEARCH_ERRORS } from './web-search-errors.js';
export { webSearchTool, webSearchParams, formatSearchResults, DEFAULT_MAX_RESULTS, BOTH_DOMAIN_LISTS } from './web-search-tool.js';
export { webSearchProviderRef, type SearchProvider, type SearchRequest, type SearchHit } from './search-provider.js';
export { providerFromOptions, BUILT_IN_PROVIDERS, SEARCH_TIMEOUT_MS } from './configured-provider.js';
export { createBraveProvider, BRAVE_BASE_URL, type BraveOptions } from './brave-provider.js';
export { createTavilyProvider, TAVILY_BASE_URL, type TavilyOptions } from './tavily-provider.js';
export { parseDomains, normaliseDomain, hostMatches, filterHits } from './domain-filter.js';

/**
 * The web_search plugin. Plugin options: `provider` (`brave` default, or `tavily`),
 * `apiKeyEnv` (default `BRAVE_SEARCH_API_KEY` / `TAVILY_API_KEY`), `baseUrl`, `maxResults`
 * (10), `timeoutMs` (15000). A provider registered under `webSearchProviderRef` wins.
 * @example
 * import webSearch from '@quiver/tool-web-search';
 * const h = await createTestHarness({ plugins: [{ plugin: webSearch, options: { provider: 'brave', baseUrl: 'http://127.0.0.1:8080' } }] });
 * await h.call('web_search', { query: 'vitest projects' });
 */
export default definePlugin({ name: '@quiver/tool-web-search', tools: [webSearchTool], errors: WEB_SEARCH_ERRORS, options: webSearchOptions });
