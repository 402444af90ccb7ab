import { z } from 'zod';

/** Default number of results listed. */
export const DEFAULT_MAX_RESULTS = 10;

/**
 * The plugin options of web_search, parsed once when the plugin loads: unknown keys and bad
 * values (an unknown provider, a key variable that is not a name) are a config error naming
 * the file, the plugin and the key.
 */
export const webSearchOptions = z
  .object({
    /** The built-in provider (case-insensitive). @default 'brave' */
    provider: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['brave', 'tavily']))
      .default('brave'),
    /** The environment variable holding the API key. @default the provider's (BRAVE_SEARCH_API_KEY, TAVILY_API_KEY) */
    apiKeyEnv: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name, e.g. BRAVE_SEARCH_API_KEY')
      .optional(),
    /** The API's base URL (a proxy, a test server). @default the provider's public endpoint */
    baseUrl: z.string().url().optional(),
    /** Time limit of one search in milliseconds. @default 15000 */
    timeoutMs: z.number().int().positive().optional(),
    /** How many results are listed. @default 10 */
    maxResults: z.number().int().positive().default(DEFAULT_MAX_RESULTS),
  })
  .strict();

/** The parsed options of web_search. */
export type WebSearchOptions = z.output<typeof webSearchOptions>;
