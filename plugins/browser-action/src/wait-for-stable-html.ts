import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';

/** How often the page's HTML size is sampled. */
const CHECK_EVERY_MS = 500;
/** Equal samples in a row that count as "stable". */
const STABLE_SAMPLES = 3;

/**
 * Wait until the page's HTML stops changing size (three equal samples 500 ms apart), or
 * `maxMs` has passed — the baseline's "stable HTML" wait after a navigation. Never throws: a
 * page that is navigating away simply ends the wait.
 */
export async function waitForStableHtml(page: Page, maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  let lastSize = -1;
  let stable = 0;
  while (Date.now() < deadline) {
    // A page busy in a script never answers: a sample that takes too long counts as a change.
    const giveUp = new AbortController();
    const size = await Promise.race([
      page.evaluate(() => document.documentElement.outerHTML.length).catch(() => -2),
      sleep(Math.max(1, deadline - Date.now()), -3, { signal: giveUp.signal }).catch(() => -3),
    ]);
    giveUp.abort();
    stable = size === lastSize && size >= 0 ? stable + 1 : 0;
    if (stable >= STABLE_SAMPLES - 1) return;
    lastSize = size;
    await sleep(Math.min(CHECK_EVERY_MS, Math.max(0, deadline - Date.now())));
  }
}
