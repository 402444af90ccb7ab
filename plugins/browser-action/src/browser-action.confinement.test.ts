// SPEC B1 on a real Chromium: every document, frame, navigation and redirect a page loads from
// file: is checked like read_file (inside the workspace, not ignored), not just the launch URL.
// Pages log to the console, so what loaded shows in the logs the model reads.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import plugin, { CHROMIUM_CANDIDATES, CHROMIUM_ENV } from './index.js';
import { startTestPages, type TestPages } from './test-pages.examples.js';

const chromium = [process.env[CHROMIUM_ENV], ...CHROMIUM_CANDIDATES].find((p) => p && existsSync(p));

let outside: string;
let pages: TestPages;
let h: TestHarness | undefined;
beforeAll(async () => {
  outside = await mkdtemp(join(tmpdir(), 'quiver-b1-outside-'));
  await writeFile(join(outside, 'secret.html'), '<h1>outside</h1><script>console.log("LEAK-OUTSIDE")</script>');
  pages = await startTestPages();
});
afterAll(async () => {
  await pages.close();
  await rm(outside, { recursive: true, force: true });
});
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

const file = (path: string) => pathToFileURL(path).href;
const page = (body: string) => `<!doctype html><body>${body}</body>`;

async function workspace(files: Record<string, string>): Promise<TestHarness> {
  h = await createTestHarness({
    plugins: [plugin],
    files: { '.quiverignore': '*.env.html\n', 'prod.env.html': '<script>console.log("LEAK-IGNORED")</script>', ...files },
    config: { approval: { useBrowser: true } },
  });
  await symlink(join(outside, 'secret.html'), h.path('link.html'));
  await writeFile(h.path('frame.html'), '<script>console.log("inside frame loaded")</script>');
  return h;
}

const launch = (t: TestHarness, path: string) => t.call('browser_action', { action: 'launch', url: file(t.path(path)) });

describe.skipIf(!chromium)('browser_action confines every load (B1)', () => {
  it('frames of files outside, ignored, or reached by a symlink are blocked; a frame inside loads', async () => {
    const t = await workspace({});
    const frames = [join(outside, 'secret.html'), t.path('prod.env.html'), t.path('link.html'), t.path('frame.html')];
    await writeFile(t.path('index.html'), page(frames.map((f) => `<iframe src="${file(f)}"></iframe>`).join('')));
    const r = await launch(t, 'index.html');
    const text = t.text(r);
    expect(text).toContain('[log] inside frame loaded');
    expect(text).not.toContain('LEAK-');
    expect(text).toContain(`[Blocked] ${file(join(outside, 'secret.html'))}: The file URL`);
    expect(text).toContain('(rule P4)');
    expect(text).toMatch(/\[Blocked\] file:.*prod\.env\.html: .*ignore rules/);
    expect(text).toMatch(/\[Blocked\] file:.*link\.html: .*outside the workspace/);
  });

  it('a script navigation, a meta refresh and a clicked link to a file outside are blocked', async () => {
    const t = await workspace({});
    const target = file(join(outside, 'secret.html'));
    await writeFile(t.path('nav.html'), page(`<script>setTimeout(() => { location.href = ${JSON.stringify(target)}; }, 50)</script>`));
    await writeFile(t.path('refresh.html'), `<meta http-equiv="refresh" content="0;url=${target}">`);
    await writeFile(t.path('link-page.html'), page(`<a href="${target}" style="display:block;width:400px;height:200px">go</a>`));
    for (const start of ['nav.html', 'refresh.html']) {
      const r = await launch(t, start);
      expect(t.text(r)).not.toContain('LEAK-OUTSIDE');
    }
    await launch(t, 'link-page.html');
    const clicked = await t.call('browser_action', { action: 'click', coordinate: '100,50' });
    expect(t.text(clicked)).not.toContain('LEAK-OUTSIDE');
    expect(t.text(clicked)).toContain('[Blocked]');
  });

  it('control: an http page and a workspace page open as before', async () => {
    const t = await workspace({ 'ok.html': '<script>console.log("workspace page ok")</script>' });
    expect(t.text(await launch(t, 'ok.html'))).toContain('[log] workspace page ok');
    const web = await t.call('browser_action', { action: 'launch', url: `${pages.url}/` });
    expect(web.isError).toBe(false);
    expect(t.text(web)).toContain('[log] page ready');
    await t.call('browser_action', { action: 'close' });
  });
});
