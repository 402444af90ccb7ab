/**
 * The worker-thread side of {@link convertHtml}: converts one page and posts the result. Built
 * as its own file (`dist/convert-worker.js`), so a pathological page blocks this thread, never
 * the host's event loop, and can be terminated at the call's deadline.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { htmlToMarkdown } from './html-to-markdown.js';

const { html, baseUrl } = workerData as { html: string; baseUrl?: string };
parentPort?.postMessage(htmlToMarkdown(html, baseUrl));
