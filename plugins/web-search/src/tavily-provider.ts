/**
 * Tavily search API: `POST <baseUrl>/search` with `Authorization: Bearer <key>` and a JSON
 * body `{query, max_results, include_domains, exclude_domains}`; hits are `results[]`
 * `{title, url, content}`.
 */
import { failed, plainText, requestJson } from './provider-http.js';
import type { SearchHit, SearchProvider } from './search-provider.js';

/** Tavily's public API origin. */
export const TAVILY_BASE_URL = 'https://api.tavily.com';

/** Settings of the Tavily provider. */
export interface TavilyOptions {
  apiKey: string;
  /** @default TAVILY_BASE_URL */
  baseUrl?: string;
  timeoutMs: number;
}

/** A Tavily provider. */
export function createTavilyProvider(options: TavilyOptions): SearchProvider {
  return {
    name: 'Tavily',
    async search(request) {
      const url = new URL('/search', options.baseUrl ?? TAVILY_BASE_URL);
      const payload = {
        query: request.query,
        max_results: request.maxResults,
        search_depth: 'basic',
        include_domains: [...request.allowedDomains],
        exclude_domains: [...request.blockedDomains],
      };
      const body = await requestJson(
        'Tavily',
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${options.apiKey}` },
          body: JSON.stringify(payload),
        },
        options.timeoutMs,
        request.signal,
      );
      return hitsOf(body);
    },
  };
}

function hitsOf(body: unknown): SearchHit[] {
  const results = (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) throw failed('Tavily answered without results; is baseUrl a Tavily API endpoint?');
  return results
    .filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null && typeof (r as { url?: unknown }).url === 'string')
    .map((r) => ({ title: plainText(r.title) || String(r.url), url: String(r.url), description: plainText(r.content) || undefined }));
}
