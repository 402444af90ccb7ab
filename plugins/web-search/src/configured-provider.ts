/**
 * The built-in provider the plugin options choose: `provider` (`brave` or `tavily`), the key
 * from the environment variable `apiKeyEnv` names, `baseUrl` for a proxy or a test server.
 */
import { quiverError } from '@quiver/core';
import { createBraveProvider } from './brave-provider.js';
import type { SearchProvider } from './search-provider.js';
import { createTavilyProvider } from './tavily-provider.js';
import { WEB_SEARCH_ERRORS } from './web-search-errors.js';

/** The built-in providers and the variable each reads its key from by default. */
export const BUILT_IN_PROVIDERS = Object.freeze({ brave: 'BRAVE_SEARCH_API_KEY', tavily: 'TAVILY_API_KEY' });

/** Default time limit of one search (the baseline's 15 s). */
export const SEARCH_TIMEOUT_MS = 15_000;

/**
 * Build the provider named by `options.provider` (default `brave`). Throws
 * `QUIVER_ERR_WEB_SEARCH_UNCONFIGURED` for an unknown provider or a missing key.
 */
export function providerFromOptions(
  options: Readonly<Record<string, unknown>>,
  env: Readonly<Record<string, string | undefined>> = process.env,
): SearchProvider {
  const name = typeof options.provider === 'string' ? options.provider.toLowerCase() : 'brave';
  if (!(name in BUILT_IN_PROVIDERS)) {
    throw quiverError(
      WEB_SEARCH_ERRORS.WEB_SEARCH_UNCONFIGURED,
      `web_search provider '${name}' is unknown. Set the web_search plugin option "provider" to one of: ${Object.keys(BUILT_IN_PROVIDERS).join(', ')}.`,
      { key: 'provider' },
    );
  }
  const keyEnv = typeof options.apiKeyEnv === 'string' ? options.apiKeyEnv : BUILT_IN_PROVIDERS[name as keyof typeof BUILT_IN_PROVIDERS];
  const apiKey = env[keyEnv]?.trim();
  if (!apiKey) {
    throw quiverError(
      WEB_SEARCH_ERRORS.WEB_SEARCH_UNCONFIGURED,
      `web_search is not configured: the environment variable ${keyEnv} (the ${name} API key) is not set. Ask the user to set it, or continue without web search.`,
      { key: 'apiKeyEnv' },
    );
  }
  const baseUrl = typeof options.baseUrl === 'string' ? options.baseUrl : undefined;
  const timeoutMs = typeof options.timeoutMs === 'number' && options.timeoutMs > 0 ? options.timeoutMs : SEARCH_TIMEOUT_MS;
  return name === 'tavily' ? createTavilyProvider({ apiKey, baseUrl, timeoutMs }) : createBraveProvider({ apiKey, baseUrl, timeoutMs });
}
