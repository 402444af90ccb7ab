import { definePlugin } from '@quiver/core';
import { WEB_FETCH_ERRORS } from './web-fetch-errors.js';
import { webFetchTool } from './web-fetch-tool.js';
import { webFetchOptions } from './web-fetch-options.js';

export { WEB_FETCH_ERRORS } from './web-fetch-errors.js';

/**
 * The web_fetch plugin. Plugin options: `allowPrivateAddresses` (default false),
 * `allowedHosts` (hosts allowed whatever they resolve to), `timeoutMs` (15000), `maxBytes`
 * (5 MiB), `maxRedirects` (5), `maxChars` (100000), `userAgent`.
 * @example
 * import webFetch from '@quiver/tool-web-fetch';
 * const h = await createTestHarness({ plugins: [{ plugin: webFetch, options: { allowedHosts: ['127.0.0.1'] } }] });
 * await h.call('web_fetch', { url: 'http://127.0.0.1:8080/', prompt: 'the title' });
 */
export default definePlugin({ name: '@quiver/tool-web-fetch', tools: [webFetchTool], errors: WEB_FETCH_ERRORS, options: webFetchOptions });
