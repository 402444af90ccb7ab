/**
 * web_fetch (SPEC Part B §16.14, Part A "Other tools"): fetch a URL directly (no vendor
 * endpoint) and return its readable content — HTML as Markdown, text as is. Approval is the
 * `browser` category (`approval.useBrowser`).
 */
import { z } from 'zod';
import { defineTool, ERROR_CODES, errorResult, isQuiverError, type TaskConfig, type ToolResult } from '@quiver/core';
import type { AddressPolicy } from './address-policy.js';
import { decodeBody, mediaType } from './content-kind.js';
import { fetchUrl, type FetchedPage, type FetchLimits } from './fetch-url.js';
import { convertHtml, type ConvertLimits } from './convert-html.js';
import { WEB_FETCH_ERRORS } from './web-fetch-errors.js';
import { WEB_FETCH_DEFAULTS, webFetchOptions, type WebFetchOptions } from './web-fetch-options.js';

export { WEB_FETCH_DEFAULTS } from './web-fetch-options.js';

/** The parameters of web_fetch. */
export const webFetchParams = z.object({
  url: z.string().describe('The http(s) URL to fetch.'),
  prompt: z.string().describe('What to look for in the page; the page content is returned for you to read with this in mind.'),
  task_progress: z.string().optional().describe('The updated task checklist, in Markdown.'),
});

const DESCRIPTION =
  'Fetch a web page or text resource by URL and return its readable content: HTML pages are converted to Markdown ' +
  '(main content first, navigation and scripts removed), text, JSON and other text formats are returned as they are. ' +
  'Binary files (images, PDFs, archives) are refused. Only public addresses can be fetched.';

/** web_fetch, ready for `definePlugin`. */
export const webFetchTool = defineTool({
  name: 'web_fetch',
  description: DESCRIPTION,
  params: webFetchParams,
  options: webFetchOptions,
  annotations: { title: 'Fetch URL', readOnly: true, openWorld: true },
  approval: 'browser',
  describe: (p) => `[web_fetch for '${p.url ?? ''}']`,
  execute: (config, params) => executeWebFetch(config, params),
});

async function executeWebFetch(config: TaskConfig<WebFetchOptions>, params: z.infer<typeof webFetchParams>): Promise<ToolResult> {
  let url: URL;
  try {
    url = new URL(params.url.trim());
  } catch {
    return errorResult(
      `Error fetching web content: '${params.url}' is not a valid URL. Give a full URL such as https://example.com/page.`,
      ERROR_CODES.PARAM_INVALID,
      'increment',
    );
  }
  const options = config.options;
  const policy: AddressPolicy = {
    allowPrivateAddresses: options.allowPrivateAddresses,
    allowedHosts: options.allowedHosts,
  };
  const limits: FetchLimits = {
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes,
    maxRedirects: options.maxRedirects,
    userAgent: options.userAgent,
    signal: config.signal,
  };
  // One time limit for the whole call, the conversion included (SPEC F4).
  const started = performance.now();
  try {
    const page = await fetchUrl(url, policy, limits);
    const convert: ConvertLimits = {
      remainingMs: limits.timeoutMs - (performance.now() - started),
      timeoutMs: limits.timeoutMs,
      signal: config.signal,
    };
    return { content: [{ type: 'text', text: await renderPage(page, options.maxChars, limits.maxBytes, convert) }], isError: false };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    // Refusals, time-outs and server failures are not the model's mistakes.
    return errorResult(`Error fetching web content: ${message}`, isQuiverError(e) ? e.code : WEB_FETCH_ERRORS.WEB_FETCH_FAILED, 'keep');
  }
}

/**
 * The page as the model reads it: where it came from, then the content, cut at `maxChars`.
 * HTML is converted off the event loop within `convert.remainingMs` (default: 15 s).
 */
export async function renderPage(
  page: FetchedPage,
  maxChars: number,
  maxBytes: number,
  convert: ConvertLimits = { remainingMs: WEB_FETCH_DEFAULTS.timeoutMs, timeoutMs: WEB_FETCH_DEFAULTS.timeoutMs },
): Promise<string> {
  const text = decodeBody(page.body, page.contentType, page.kind);
  const type = mediaType(page.contentType) || (page.kind === 'html' ? 'text/html' : 'text/plain');
  const header = [`URL: ${page.url.href}`];
  if (page.redirects.length) header.push(`Redirected from: ${page.redirects[0].href}`);
  let content = text;
  let cutHtml = false;
  if (page.kind === 'html') {
    const converted = await convertHtml(text, page.url.href, convert);
    cutHtml = converted.cut === true;
    if (converted.title) header.push(`Title: ${converted.title}`);
    header.push(`Content-Type: ${type} (converted to Markdown)`);
    content = converted.markdown || '(The page has no readable text content.)';
  } else {
    header.push(`Content-Type: ${type}`);
  }
  const notes: string[] = [];
  if (page.kind === 'html' && cutHtml) notes.push('[Only the start of this large page was converted.]');
  if (page.truncated) notes.push(`[The response is larger than ${formatSize(maxBytes)}; only the first ${formatSize(maxBytes)} was read.]`);
  if (content.length > maxChars) {
    notes.push(`[Content truncated: showing the first ${maxChars} of ${content.length} characters.]`);
    content = content.slice(0, maxChars);
  }
  return [header.join('\n'), content, ...notes].join('\n\n');
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}
