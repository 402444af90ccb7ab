// Launch URLs go through the path gates: a file: URL is a path (P4 confinement, P5 ignore
// rules), so a screenshot can never show a file read_file could not read. Through the real
// pipeline; every case is refused before any browser starts.
import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import { afterEach, describe, expect, it } from 'vitest';
import browserAction from './index.js';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

describe('browser_action launch URL checks', () => {
  it.each([
    ['an ignored file', (root: string) => pathToFileURL(`${root}/prod.env`).href, 'QUIVER_ERR_PATH_IGNORED'],
    ['a file outside the workspace', () => 'file:///etc/hostname', 'QUIVER_ERR_PATH_OUTSIDE'],
    ['a javascript: URL', () => 'javascript:alert(1)', 'QUIVER_ERR_PARAM_INVALID'],
    ['a view-source: URL', () => 'view-source:http://127.0.0.1/', 'QUIVER_ERR_PARAM_INVALID'],
  ])('refuses %s', async (_what, url, code) => {
    h = await createTestHarness({
      plugins: [browserAction],
      files: { '.quiverignore': '*.env\n', 'prod.env': 'SECRET=1' },
      config: { approval: { useBrowser: true } },
    });
    const result = await h.call('browser_action', { action: 'launch', url: url(h.root) });
    expect(result.isError).toBe(true);
    expect(result.code).toBe(code);
    expect(h.text(result)).not.toContain('SECRET');
  });

  it('lets a file: URL inside the workspace through to the launch', async () => {
    h = await createTestHarness({
      plugins: [browserAction],
      files: { 'page.html': '<p>hi</p>' },
      config: { approval: { useBrowser: true } },
    });
    await writeFile(h.path('page.html'), '<p>hi</p>');
    const result = await h.call('browser_action', { action: 'launch', url: pathToFileURL(h.path('page.html')).href });
    // Without Chromium the launch itself fails; either way the URL check did not refuse it.
    expect(result.code ?? '').not.toMatch(/PATH_|PARAM_INVALID/);
    await h.call('browser_action', { action: 'close' });
  });
});
