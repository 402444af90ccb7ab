import { existsSync } from 'node:fs';
import { defineTool, definePlugin, ERROR_CODES, type ImageBlock, type ToolResult } from '@quiver/core';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import { z } from 'zod';
import { afterAll, beforeAll, afterEach, describe, expect, it } from 'vitest';
import plugin, { CHROMIUM_CANDIDATES, CHROMIUM_ENV, browserSessionRef } from './index.js';
import { ACTION_EXECUTED, BROWSER_CLOSED, CLOSE_REMINDER } from './format-action-result.js';
import { NOT_LAUNCHED_MESSAGE } from './browser-session.js';
import { pngSize, startTestPages, type TestPages } from './test-pages.examples.js';

const chromium = [process.env[CHROMIUM_ENV], ...CHROMIUM_CANDIDATES].find((p) => p && existsSync(p));
if (!chromium) {
  console.warn(
    `browser_action browser tests skipped: no Chromium at $${CHROMIUM_ENV} or ${CHROMIUM_CANDIDATES.join(', ')} (apt-get install chromium).`,
  );
}

let pages: TestPages;
let h: TestHarness | undefined;
beforeAll(async () => {
  pages = await startTestPages();
});
afterAll(async () => {
  await pages.close();
});
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

const echo = definePlugin({
  name: 'test-echo',
  tools: [
    defineTool({
      name: 'echo',
      description: 'Echo.',
      params: z.object({ text: z.string() }),
      approval: 'none',
      execute: async (_c, p) => p.text,
    }),
  ],
});

async function harness(
  options: Record<string, unknown> = {},
  more: Partial<Parameters<typeof createTestHarness>[0]> = {},
): Promise<TestHarness> {
  h = await createTestHarness({ plugins: [{ plugin, options }, echo], ...more });
  return h;
}

const act = (t: TestHarness, params: Record<string, unknown>) => t.call('browser_action', params);
const image = (r: ToolResult) => r.content.find((b): b is ImageBlock => b.type === 'image');
const session = (t: TestHarness) => t.task.scope.get(browserSessionRef);

describe.skipIf(!chromium)('browser_action on a real Chromium (headless, 127.0.0.1 pages)', () => {
  it('launches, types into a field, clicks a button, sees the console message and the changed page', async () => {
    const t = await harness();
    const launched = await act(t, { action: 'launch', url: `${pages.url}/` });
    expect(launched.isError, t.text(launched)).toBe(false);
    expect(t.text(launched)).toBe(`${ACTION_EXECUTED}\n\nConsole logs:\n[log] page ready\n\n${CLOSE_REMINDER}`);
    const shot = image(launched)!;
    expect(shot.mimeType).toBe('image/png');
    expect(pngSize(Buffer.from(shot.data, 'base64'))).toEqual({ width: 900, height: 600 });

    expect(t.text(await act(t, { action: 'click', coordinate: '150,65' }))).toContain('(No new logs)');
    expect((await act(t, { action: 'type', text: 'Quiver' })).isError).toBe(false);
    const clicked = await act(t, { action: 'click', coordinate: '350,65' });
    expect(t.text(clicked)).toContain('Console logs:\n[log] clicked Quiver\n');
    expect(image(clicked)!.data).not.toBe(shot.data);
    expect(await session(t).content()).toContain('<p id="out">Hello, Quiver!</p>');

    const failed = await act(t, { action: 'click', coordinate: '500,65' });
    expect(t.text(failed)).toContain('[error] something failed');
    expect(t.text(failed)).toContain('[Page Error] Error: kaboom');

    expect(t.text(await act(t, { action: 'close' }))).toBe(BROWSER_CLOSED);
    expect(session(t).isLaunched).toBe(false);
    // Only launch asked (useBrowser is off by default); nothing counted as a mistake.
    expect(t.approvals.map((a) => [a.tool, a.category])).toEqual([['browser_action', 'browser']]);
    expect(t.mistakes.count).toBe(0);
  });

  it('scrolls down and up by 600 pixels', async () => {
    const t = await harness();
    await act(t, { action: 'launch', url: `${pages.url}/long` });
    expect(t.text(await act(t, { action: 'scroll_down' }))).toContain('[log] scrolled 600');
    expect(await session(t).content()).toContain('<p id="pos">at 600</p>');
    expect(t.text(await act(t, { action: 'scroll_down' }))).toContain('[log] scrolled 1200');
    expect(t.text(await act(t, { action: 'scroll_up' }))).toContain('[log] scrolled 600');
  });

  it('waits for the page a click navigates to', async () => {
    const t = await harness();
    await act(t, { action: 'launch', url: pages.url.replace('http://', '') });
    const r = await act(t, { action: 'click', coordinate: '80,210' });
    expect(t.text(r)).toContain('[log] second loaded');
    expect(await session(t).content()).toContain('Second page');
  });

  it('reports a page that never loads as a timeout, and the browser stays usable', async () => {
    const t = await harness({ navigationTimeoutMs: 1500 });
    const r = await act(t, { action: 'launch', url: `${pages.url}/never` });
    expect(r.isError).toBe(true);
    expect(r.code).toBe('QUIVER_ERR_TOOL_TIMEOUT');
    expect(t.text(r)).toContain(`The page at ${pages.url}/never did not load within 1.5 s. The browser is still open`);
    expect(session(t).isLaunched).toBe(true);
    expect((await act(t, { action: 'scroll_down' })).isError).toBe(false);
    const again = await act(t, { action: 'launch', url: `${pages.url}/` });
    expect(t.text(again)).toContain('[log] page ready');
  });

  it('closes the browser when another tool runs, and when the task ends', async () => {
    const t = await harness();
    await act(t, { action: 'launch', url: `${pages.url}/` });
    expect(t.text(await t.call('echo', { text: 'hi' }))).toBe('hi');
    expect(session(t).isLaunched).toBe(false);
    const r = await act(t, { action: 'click', coordinate: '10,10' });
    expect(r.isError).toBe(true);
    expect(t.text(r)).toContain(NOT_LAUNCHED_MESSAGE);

    await act(t, { action: 'launch', url: `${pages.url}/` });
    const open = session(t);
    expect(open.isLaunched).toBe(true);
    await t.task.dispose();
    expect(open.isLaunched).toBe(false);
  });

  it('a missing argument counts a mistake and closes the browser', async () => {
    const t = await harness();
    await act(t, { action: 'launch', url: `${pages.url}/` });
    const r = await act(t, { action: 'click' });
    expect(r.isError).toBe(true);
    expect(t.text(r)).toContain("Missing value for required parameter 'coordinate'");
    expect(t.mistakes.count).toBe(1);
    expect(session(t).isLaunched).toBe(false);
  });

  it('takes JPEG screenshots when configured', async () => {
    const t = await harness({ screenshotType: 'jpeg', viewport: '1024x700' });
    const r = await act(t, { action: 'launch', url: `${pages.url}/` });
    expect(image(r)!.mimeType).toBe('image/jpeg');
    expect(Buffer.from(image(r)!.data, 'base64').subarray(0, 2).toString('hex')).toBe('ffd8');
  });

  it('does nothing when the user denies the launch', async () => {
    const t = await harness({}, { approve: false });
    const r = await act(t, { action: 'launch', url: `${pages.url}/` });
    expect(r.isError).toBe(true);
    expect(t.text(r)).toContain('denied');
    expect(session(t).isLaunched).toBe(false);
  });
});

describe('browser_action parameters and errors (no browser needed)', () => {
  it('refuses an unknown action', async () => {
    const t = await harness();
    const r = await act(t, { action: 'jump' });
    expect(r.isError).toBe(true);
    expect(t.text(r)).toContain("Invalid parameters for tool 'browser_action'");
    expect(t.mistakes.count).toBe(1);
  });

  it('needs url for launch, coordinate for click and text for type', async () => {
    const t = await harness();
    for (const [params, key] of [
      [{ action: 'launch' }, 'url'],
      [{ action: 'launch', url: ' ' }, 'url'],
      [{ action: 'click' }, 'coordinate'],
      [{ action: 'type' }, 'text'],
    ] as const) {
      const r = await act(t, params);
      expect(r.isError).toBe(true);
      expect(t.text(r)).toContain(`Missing value for required parameter '${key}'`);
    }
    expect(t.mistakes.count).toBe(4);
    expect(t.approvals).toHaveLength(0);
  });

  it('says the browser is not launched before launch', async () => {
    const t = await harness();
    for (const params of [
      { action: 'click', coordinate: '1,1' },
      { action: 'type', text: 'x' },
      { action: 'scroll_down' },
      { action: 'scroll_up' },
    ]) {
      const r = await act(t, params);
      expect(r.isError).toBe(true);
      expect(t.text(r)).toContain(NOT_LAUNCHED_MESSAGE);
    }
    expect(t.approvals).toHaveLength(0);
  });

  it('closes idempotently', async () => {
    const t = await harness();
    expect(t.text(await act(t, { action: 'close' }))).toBe(BROWSER_CLOSED);
  });

  it('refuses a bad coordinate', async () => {
    const t = await harness();
    const bad = await act(t, { action: 'click', coordinate: 'middle' });
    expect(t.text(bad)).toContain('Invalid coordinate');
    expect(bad.code).toBe(ERROR_CODES.PARAM_INVALID);
    expect(t.text(await act(t, { action: 'click', coordinate: '900,10' }))).toContain('outside the 900x600 viewport');
  });

  it('names the option to fix when no Chromium is found', async () => {
    const t = await harness({ executablePath: '/nonexistent/chromium' });
    const r = await act(t, { action: 'launch', url: `${pages.url}/` });
    expect(r.isError).toBe(true);
    expect(t.text(r)).toContain(
      "Chromium was not found at '/nonexistent/chromium' (from the browser_action plugin option 'executablePath')",
    );
    expect(t.text(r)).toContain('apt-get install chromium');
  });

  it('refuses invalid or unknown plugin options when the plugin loads, naming the plugin and the key', async () => {
    await expect(harness({ viewport: 'huge' })).rejects.toMatchObject({
      code: ERROR_CODES.CONFIG_INVALID,
      plugin: '@quiver/tool-browser-action',
      key: 'options.viewport',
    });
    await expect(harness({ navigationTimeout: 5000 })).rejects.toMatchObject({
      code: ERROR_CODES.CONFIG_INVALID,
      key: 'options.navigationTimeout',
    });
  });
});
