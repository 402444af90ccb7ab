/**
 * Brave Search API: `GET <baseUrl>/res/v1/web/search?q=…&count=…` with the key in
 * `X-Subscription-Token`; hits are `web.results[]` `{title, url, description}`. A single
 * allowed domain is also put in the query as `site:`, so the API searches that domain.
 */
import { failed, plainText, requestJson } from './provider-http.js';
import type { SearchHit, SearchProvider } from './search-provider.js';

/** Brave's public API origin. */
export const BRAVE_BASE_URL = 'https://api.search.brave.com';
/** Brave returns at most 20 web results per request. */
const BRAVE_MAX_COUNT = 20;

/** Settings of the Brave provider. */
export interface BraveOptions {
  apiKey: string;
  /** @default BRAVE_BASE_URL */
  baseUrl?: string;
  timeoutMs: number;
}

/** A Brave Search provider. */
export function createBraveProvider(options: BraveOptions): SearchProvider {
  return {
    name: 'Brave Search',
    async search(request) {
      const url = new URL('/res/v1/web/search', options.baseUrl ?? BRAVE_BASE_URL);
      const filtered = request.allowedDomains.length > 0 || request.blockedDomains.length > 0;
      const query = request.allowedDomains.length === 1 ? `${request.query} site:${request.allowedDomains[0]}` : request.query;
      url.searchParams.set('q', query);
      // Ask for more when results will be filtered afterwards, so enough remain.
      url.searchParams.set('count', String(Math.min(BRAVE_MAX_COUNT, filtered ? BRAVE_MAX_COUNT : request.maxResults)));
      const body = await requestJson(
        'Brave Search',
        url,
        {
          method: 'GET',
          headers: { accept: 'application/json', 'x-subscription-token': options.apiKey },
        },
        options.timeoutMs,
        request.signal,
      );
      return hitsOf(body);
    },
  };
}

function hitsOf(body: unknown): SearchHit[] {
  const web = (body as { web?: { results?: unknown } } | null)?.web;
  if (web === undefined) return []; // no web section: no web results for this query
  if (!Array.isArray(web.results)) throw failed('Brave Search answered without web.results; is baseUrl a Brave Search API endpoint?');
  return web.results
    .filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null && typeof (r as { url?: unknown }).url === 'string')
    .map((r) => ({ title: plainText(r.title) || String(r.url), url: String(r.url), description: plainText(r.description) || undefined }));
}
