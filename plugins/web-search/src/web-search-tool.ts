/**
 * web_search (SPEC Part B §16.15, Part A "Other tools"): search the web through the
 * configured provider, keep the hits the domain lists allow, and list them the baseline's
 * way. Approval is the `browser` category (`approval.useBrowser`).
 */
import { z } from 'zod';
import { defineTool, errorResult, isQuiverError, type TaskConfig, type ToolResult } from '@quiver/core';
import { providerFromOptions } from './configured-provider.js';
import { filterHits, parseDomains } from './domain-filter.js';
import { webSearchProviderRef, type SearchHit } from './search-provider.js';
import { WEB_SEARCH_ERRORS } from './web-search-errors.js';
import { webSearchOptions, type WebSearchOptions } from './web-search-options.js';

export { DEFAULT_MAX_RESULTS } from './web-search-options.js';

/** The baseline's words when both lists are given. */
export const BOTH_DOMAIN_LISTS = 'Cannot specify both allowed_domains and blocked_domains';

const domainList = z.union([z.string(), z.array(z.string())]).optional();

/** The parameters of web_search. The domain lists are JSON arrays (as text or arrays). */
export const webSearchParams = z
  .object({
    query: z.string().describe('The search query.'),
    allowed_domains: domainList.describe('Only return results from these domains, as a JSON array, e.g. ["docs.python.org"].'),
    blocked_domains: domainList.describe('Never return results from these domains, as a JSON array.'),
    task_progress: z.string().optional().describe('The updated task checklist, in Markdown.'),
  })
  .superRefine((params, ctx) => {
    const allowed = parseDomains(params.allowed_domains);
    const blocked = parseDomains(params.blocked_domains);
    if (!allowed)
      ctx.addIssue({ code: 'custom', path: ['allowed_domains'], message: 'must be a JSON array of domain names, e.g. ["example.com"]' });
    if (!blocked)
      ctx.addIssue({ code: 'custom', path: ['blocked_domains'], message: 'must be a JSON array of domain names, e.g. ["example.com"]' });
    if (allowed?.length && blocked?.length)
      ctx.addIssue({ code: 'custom', path: ['blocked_domains'], message: `${BOTH_DOMAIN_LISTS}. Use one of them.` });
  });

/** web_search, ready for `definePlugin`. */
export const webSearchTool = defineTool({
  name: 'web_search',
  description:
    'Search the web and get a list of result titles and URLs. Optionally restrict results to allowed_domains or exclude ' +
    'blocked_domains (not both). Use web_fetch to read a result.',
  params: webSearchParams,
  options: webSearchOptions,
  annotations: { title: 'Web search', readOnly: true, openWorld: true },
  approval: 'browser',
  describe: (p) => `[web_search for '${p.query ?? ''}']`,
  execute: (config, params) => executeWebSearch(config, params),
});

async function executeWebSearch(config: TaskConfig<WebSearchOptions>, params: z.infer<typeof webSearchParams>): Promise<ToolResult> {
  const allowedDomains = parseDomains(params.allowed_domains) ?? [];
  const blockedDomains = parseDomains(params.blocked_domains) ?? [];
  const { maxResults } = config.options;
  try {
    const provider = config.services.find(webSearchProviderRef) ?? providerFromOptions(config.options);
    const hits = await provider.search({ query: params.query, allowedDomains, blockedDomains, maxResults, signal: config.signal });
    // Filtered here too: not every API honours domain lists, and the lists are a promise to the user.
    return {
      content: [{ type: 'text', text: formatSearchResults(filterHits(hits, allowedDomains, blockedDomains).slice(0, maxResults)) }],
      isError: false,
    };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return errorResult(`Error performing web search: ${message}`, isQuiverError(e) ? e.code : WEB_SEARCH_ERRORS.WEB_SEARCH_FAILED, 'keep');
  }
}

/** The baseline's format: `Search completed (N results found):` then `i. <title>\n   <url>` blocks. */
export function formatSearchResults(hits: readonly SearchHit[]): string {
  const head = `Search completed (${hits.length} results found)`;
  if (!hits.length) return head;
  return `${head}:\n\n${hits.map((h, i) => `${i + 1}. ${h.title}\n   ${h.url}\n\n`).join('')}`;
}
