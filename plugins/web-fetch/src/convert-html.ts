import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ERROR_CODES, quiverError } from '@quiver/core';
import { htmlToMarkdown, type MarkdownPage } from './html-to-markdown.js';
import { WEB_FETCH_ERRORS } from './web-fetch-errors.js';

/** The worker's heap cap: a page that needs more is refused, not allowed to grow the host. */
const WORKER_HEAP_MB = 256;

/** Without a worker file (a bundle that left it out), at most this much HTML is converted in-thread. */
export const IN_THREAD_MAX_HTML = 256 * 1024;

/** What {@link convertHtml} needs: the time left of the call, and its cancel signal. */
export interface ConvertLimits {
  /** Milliseconds left of the call's one time limit. */
  remainingMs: number;
  /** The whole call's limit, for the message. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * HTML → Markdown inside the call's time limit and off the event loop (SPEC F1–F4, R1): the
 * conversion runs in a worker thread with a heap cap, terminated at the deadline or on cancel.
 * A page that cannot be converted in time is a `QUIVER_ERR_TOOL_TIMEOUT` error.
 */
export function convertHtml(html: string, baseUrl: string, limits: ConvertLimits): Promise<MarkdownPage & { cut?: boolean }> {
  const script = workerScript();
  if (!script) return Promise.resolve(inThread(html, baseUrl));
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { workerData: { html, baseUrl }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            quiverError(
              ERROR_CODES.TOOL_TIMEOUT,
              `Converting the page to Markdown did not finish within the ${limits.timeoutMs / 1000} s time limit, so it was stopped. Fetch a smaller or simpler page.`,
            ),
          ),
        ),
      Math.max(0, limits.remainingMs),
    );
    const onAbort = () =>
      finish(() => reject(quiverError(ERROR_CODES.TOOL_ABORTED, 'The fetch was cancelled while the page was being converted.')));
    limits.signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (page: MarkdownPage) => finish(() => resolve(page)));
    worker.once('error', (e) =>
      finish(() =>
        reject(quiverError(WEB_FETCH_ERRORS.WEB_FETCH_FAILED, `The page could not be converted to Markdown (${e.message}).`, { cause: e })),
      ),
    );
    worker.once('exit', (code) =>
      finish(() =>
        reject(
          quiverError(
            WEB_FETCH_ERRORS.WEB_FETCH_FAILED,
            `The page could not be converted to Markdown (the converter stopped with code ${code}).`,
          ),
        ),
      ),
    );
  });
}

/** The built worker beside this module (dist), or the package's dist when running from sources. */
function workerScript(): URL | undefined {
  for (const candidate of ['./convert-worker.js', '../dist/convert-worker.js']) {
    const url = new URL(candidate, import.meta.url);
    if (existsSync(fileURLToPath(url))) return url;
  }
  return undefined;
}

/** The bounded fallback: only the start of a big page is converted, and the result says so. */
function inThread(html: string, baseUrl: string): MarkdownPage & { cut?: boolean } {
  if (html.length <= IN_THREAD_MAX_HTML) return htmlToMarkdown(html, baseUrl);
  return { ...htmlToMarkdown(html.slice(0, IN_THREAD_MAX_HTML), baseUrl), cut: true };
}
