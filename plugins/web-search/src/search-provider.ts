/**
 * The pluggable part of web_search: a provider turns a query into hits. Built-in providers
 * speak real search APIs (Brave, Tavily); a plugin can provide its own under
 * {@link webSearchProviderRef}, which then wins over the configured built-in one.
 */
import { createServiceRef, type ServiceRef } from '@quiver/core';

/** One search. Domain lists are bare host names (`example.com`), already validated. */
export interface SearchRequest {
  query: string;
  /** Only results from these domains (and their subdomains). */
  allowedDomains: readonly string[];
  /** No results from these domains (or their subdomains). */
  blockedDomains: readonly string[];
  /** How many results to return at most. */
  maxResults: number;
  signal: AbortSignal;
}

/** One result. */
export interface SearchHit {
  title: string;
  url: string;
  /** A snippet, when the API gives one. */
  description?: string;
}

/** A search backend. Throw Quiver errors (`QUIVER_ERR_WEB_SEARCH_FAILED`) on failure. */
export interface SearchProvider {
  /** For messages, e.g. `brave`. */
  readonly name: string;
  search(request: SearchRequest): Promise<SearchHit[]>;
}

/** The service a plugin provides to replace the built-in providers. */
export const webSearchProviderRef: ServiceRef<SearchProvider> = createServiceRef<SearchProvider>({
  id: 'web.searchProvider',
  scope: 'root',
});
