// web_fetch through the real pipeline against a real site on 127.0.0.1 (SPEC Part A "Other
// tools", Part B §16.14). The tests allow the host 127.0.0.1 only; other local names stay refused.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@quiver/core';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import webFetch from './index.js';
import { startSite, type Site } from '../test/support/site-server.js';
import { WEB_FETCH_ERRORS } from './web-fetch-errors.js';

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

async function harness(options: Record<string, unknown> = { allowedHosts: ['127.0.0.1'] }, useBrowser = true) {
  h = await createTestHarness({ plugins: [{ plugin: webFetch, options }], config: { approval: { useBrowser } } });
  return h;
}
const fetchPage = async (t: TestHarness, path: string) => t.call('web_fetch', { url: `${site.url}${path}`, prompt: 'summarise' });

describe('web_fetch: pages', () => {
  it('a bad or unknown plugin option is a config error at load, naming the plugin and the key', async () => {
    await expect(harness({ maxRedirects: -1 })).rejects.toMatchObject({
      code: ERROR_CODES.CONFIG_INVALID,
      plugin: '@quiver/tool-web-fetch',
      key: 'options.maxRedirects',
    });
    await expect(harness({ allowPrivate: true })).rejects.toMatchObject({ code: ERROR_CODES.CONFIG_INVALID, key: 'options.allowPrivate' });
  });

  it('turns an HTML page into Markdown, main content first, chrome and scripts dropped', async () => {
    const t = await harness();
    const r = await fetchPage(t, '/article');
    expect(r.isError).toBe(false);
    const text = t.text(r);
    expect(text.split('\n\n')[0]).toBe(
      `URL: ${site.url}/article\nTitle: Rust ownership, explained\nContent-Type: text/html (converted to Markdown)`,
    );
    expect(text).toContain('# Ownership in Rust');
    expect(text).toContain('Every value has a single **owner**. When the owner goes out of scope, the value is *dropped*.');
    expect(text).toContain('## Borrowing');
    expect(text).toMatch(/- Many shared references\n- Or one mutable reference/);
    expect(text).toContain('```rust\nfn main() {\n    let s = String::from("hi");\n}\n```');
    expect(text).toContain('| Kind | Syntax |\n| --- | --- |\n| shared | &T |\n| mutable | &mut T |');
    expect(text).toContain(`[chapter 2](${site.url}/chapter/2)`);
    expect(text).toContain(`![ownership diagram](${site.url}/img/diagram.png)`);
    for (const gone of ['trackingSecret', 'secret-style', 'ACME Blog', 'Archive', 'Sponsored', 'Privacy', 'Subscribe', 'javascript:'])
      expect(text).not.toContain(gone);
  });

  it('uses a lone <article> when there is no <main>, and drops the site header and footer', async () => {
    const t = await harness();
    const text = t.text(await fetchPage(t, '/lone-article'));
    expect(text).toContain('## Version 2.0\n\nFaster builds.');
    expect(text).not.toMatch(/Site name|footer text|Home \| Docs/);
  });

  it('passes text/plain and JSON through unchanged', async () => {
    const t = await harness();
    expect(t.text(await fetchPage(t, '/plain'))).toBe(
      `URL: ${site.url}/plain\nContent-Type: text/plain\n\nline one\n  <b>not html</b>\nline three\n`,
    );
    expect(t.text(await fetchPage(t, '/data.json'))).toContain('\n\n{"name":"quiver","tools":27}');
  });

  it('decompresses gzip, honours the charset, sniffs untyped HTML', async () => {
    const t = await harness();
    expect(t.text(await fetchPage(t, '/gzip'))).toContain('compressed page');
    expect(t.text(await fetchPage(t, '/latin1'))).toMatch(/\n\ncafé$/);
    expect(t.text(await fetchPage(t, '/untyped-html'))).toContain('sniffed page');
  });

  it('asks in the browser category when useBrowser is off', async () => {
    const t = await harness(undefined, false);
    await fetchPage(t, '/plain');
    expect(t.approvals).toEqual([
      expect.objectContaining({
        tool: 'web_fetch',
        category: 'browser',
        setting: 'approval.useBrowser',
        description: `[web_fetch for '${site.url}/plain']`,
      }),
    ]);
  });
});

describe('web_fetch: limits and refusals', () => {
  it('follows redirects, relative and absolute, and says where it started', async () => {
    const t = await harness();
    const text = t.text(await fetchPage(t, '/redirect'));
    expect(text).toContain(`URL: ${site.url}/article\nRedirected from: ${site.url}/redirect`);
    expect(text).toContain('# Ownership in Rust');
    expect(t.text(await fetchPage(t, '/redirect-abs'))).toContain('line three');
  });

  it('stops a redirect loop', async () => {
    const t = await harness({ allowedHosts: ['127.0.0.1'], maxRedirects: 3 });
    const r = await fetchPage(t, '/loop');
    expect(r).toMatchObject({ isError: true, code: WEB_FETCH_ERRORS.WEB_FETCH_FAILED });
    expect(t.text(r)).toContain('redirected more than 3 times');
  });

  it('re-checks every hop: a redirect to a local name that is not allowed is refused', async () => {
    const t = await harness();
    const before = site.requests.length;
    const r = await fetchPage(t, '/to-localhost');
    expect(r).toMatchObject({ isError: true, code: WEB_FETCH_ERRORS.WEB_ADDRESS_REFUSED, mistake: 'keep' });
    expect(t.text(r)).toMatch(
      /^Error fetching web content: Refused to fetch http:\/\/localhost:\d+\/article: localhost resolves to (127\.0\.0\.1|::1), which is a private, loopback or reserved address/,
    );
    expect(site.requests.slice(before)).toEqual(['/to-localhost']);
    expect(t.mistakes.count).toBe(0);
  });

  it('refuses a private address outright unless allowed, without sending a request', async () => {
    const t = await harness({});
    const before = site.requests.length;
    const r = await fetchPage(t, '/article');
    expect(r).toMatchObject({ isError: true, code: WEB_FETCH_ERRORS.WEB_ADDRESS_REFUSED });
    expect(t.text(r)).toContain('allowPrivateAddresses');
    expect(site.requests.length).toBe(before);
  });

  it('allowPrivateAddresses lets the localhost redirect through', async () => {
    const t = await harness({ allowPrivateAddresses: true });
    expect(t.text(await fetchPage(t, '/to-localhost'))).toContain('# Ownership in Rust');
  });

  it('refuses non-http schemes, also as a redirect target', async () => {
    const t = await harness();
    expect(t.text(await t.call('web_fetch', { url: 'file:///etc/passwd', prompt: 'x' }))).toContain(
      "only http and https URLs can be fetched, not 'file:'",
    );
    expect(t.text(await fetchPage(t, '/to-file'))).toContain("not 'file:'");
  });

  it('cuts a huge body at maxBytes and says so', async () => {
    const t = await harness({ allowedHosts: ['127.0.0.1'], maxBytes: 100_000, maxChars: 1_000_000 });
    const text = t.text(await fetchPage(t, '/huge'));
    expect(text).toContain('[The response is larger than 98 KB; only the first 98 KB was read.]');
    expect(text.match(/x{1000,}/)![0].length).toBe(100_000);
  });

  it('cuts long content at maxChars', async () => {
    const t = await harness({ allowedHosts: ['127.0.0.1'], maxBytes: 300_000, maxChars: 5_000 });
    const text = t.text(await fetchPage(t, '/huge'));
    expect(text).toContain('[Content truncated: showing the first 5000 of 300000 characters.]');
  });

  it('a slow body and a server that never answers both time out', async () => {
    const t = await harness({ allowedHosts: ['127.0.0.1'], timeoutMs: 300 });
    for (const path of ['/slow', '/never']) {
      const r = await fetchPage(t, path);
      expect(r).toMatchObject({ isError: true, code: ERROR_CODES.TOOL_TIMEOUT });
      expect(t.text(r)).toContain('took longer than 0.3 s');
    }
  });

  it('refuses binary content by type and by sniffing', async () => {
    const t = await harness();
    for (const [path, type] of [
      ['/image.png', 'image/png'],
      ['/report.pdf', 'application/pdf'],
      ['/untyped-binary', 'no Content-Type; the bytes are binary'],
    ]) {
      const r = await fetchPage(t, path);
      expect(r).toMatchObject({ isError: true, code: WEB_FETCH_ERRORS.WEB_CONTENT_UNSUPPORTED });
      expect(t.text(r)).toContain(`is binary content (${type})`);
    }
  });

  it('HTTP errors and malformed URLs', async () => {
    const t = await harness();
    const missing = await fetchPage(t, '/missing');
    expect(missing).toMatchObject({ isError: true, code: WEB_FETCH_ERRORS.WEB_FETCH_FAILED });
    expect(t.text(missing)).toContain('answered HTTP 404 Not Found');
    const bad = await t.call('web_fetch', { url: 'not a url', prompt: 'x' });
    expect(bad).toMatchObject({ isError: true, code: ERROR_CODES.PARAM_INVALID });
    expect(t.mistakes.count).toBe(1);
  });
});
