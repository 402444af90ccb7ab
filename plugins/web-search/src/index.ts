import { definePlugin } from '@quiver/core';
import { WEB_SEARCH_ERRORS } from './web-search-errors.js';
import { webSearchTool } from './web-search-tool.js';
import { webSearchOptions } from './web-search-options.js';

export { WEB_SEARCH_ERRORS } from './web-search-errors.js';
export { webSearchProviderRef, type SearchProvider, type SearchRequest, type SearchHit } from './search-provider.js';
export { providerFromOptions } from './configured-provider.js';

/**
 * The web_search plugin. Plugin options: `provider` (`brave` default, or `tavily`),
 * `apiKeyEnv` (default `BRAVE_SEARCH_API_KEY` / `TAVILY_API_KEY`), `baseUrl`, `maxResults`
 * (10), `timeoutMs` (15000). A provider registered under `webSearchProviderRef` wins.
 * @example
 * import webSearch from '@quiver/tool-web-search';
 * const h = await createTestHarness({ plugins: [{ plugin: webSearch, options: { provider: 'brave', baseUrl: 'http://127.0.0.1:8080' } }] });
 * await h.call('web_search', { query: 'vitest projects' });
 */
export default definePlugin({
  name: '@quiver/tool-web-search',
  tools: [webSearchTool],
  errors: WEB_SEARCH_ERRORS,
  options: webSearchOptions,
});
