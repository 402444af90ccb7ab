// web_fetch's HTML → Markdown conversion runs inside the call's one time limit and off the
// event loop (SPEC F4, R1): a pathological page ends with a time-out while timers keep firing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import webFetch from './index.js';
import { startSite, type Site } from '../test/support/site-server.js';

let site: Site;
let h: TestHarness | undefined;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

describe('web_fetch conversion is bounded', () => {
  it('a page too slow to convert ends with a time-out inside the limit, and the event loop keeps running', async () => {
    h = await createTestHarness({
      plugins: [{ plugin: webFetch, options: { allowedHosts: ['127.0.0.1'], timeoutMs: 1500 } }],
      config: { approval: { useBrowser: true } },
    });
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 50);
    try {
      const r = await h.call('web_fetch', { url: `${site.url}/huge-list`, prompt: 'p' });
      expect(r.isError).toBe(true);
      expect(r.code).toBe('QUIVER_ERR_TOOL_TIMEOUT');
      expect(h.text(r)).toContain('Converting the page to Markdown did not finish within the 1.5 s time limit');
      // The conversion ran on another thread: this one kept serving its timers meanwhile.
      expect(ticks).toBeGreaterThan(3);
    } finally {
      clearInterval(ticker);
    }
  });

  it('control: an ordinary page is still converted', async () => {
    h = await createTestHarness({
      plugins: [{ plugin: webFetch, options: { allowedHosts: ['127.0.0.1'] } }],
      config: { approval: { useBrowser: true } },
    });
    const r = await h.call('web_fetch', { url: `${site.url}/article`, prompt: 'p' });
    expect(h.text(r)).toContain('# Ownership in Rust');
  });
});
