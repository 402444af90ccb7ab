import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { ERROR_CODES, quiverError, type QuiverError } from '@quiver/core';
import type { BrowserSettings } from './browser-settings.js';
import { ConsoleLogBuffer, formatConsoleLine } from './console-log-buffer.js';
import { findChromium } from './find-chromium.js';
import { waitForStableHtml } from './wait-for-stable-html.js';

/** Chromium switches: headless in a container as root, nothing phoning home. */
export const CHROMIUM_ARGS: readonly string[] = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]);

/** Pixels one scroll action moves (baseline: 600). */
export const SCROLL_PIXELS = 600;

/** A screenshot takes at most this long. */
const SCREENSHOT_TIMEOUT_MS = 10_000;

/**
 * Decides whether the browser may load a URL: undefined to allow, or the reason to refuse.
 * Called for every request the pages make (documents, frames, redirects, sub-resources).
 */
export type LoadGuard = (url: string) => Promise<string | undefined>;

/** What one action leaves behind. */
export interface ActionOutcome {
  /** Console lines captured during the action. */
  readonly logs: string[];
  /** The screenshot, when one could be taken. */
  readonly screenshot?: { data: Buffer; mimeType: string };
  readonly url: string;
  /** The last click position, `x,y`. */
  readonly mousePosition?: string;
  /** Set when the action failed but the browser is still usable (e.g. a page that never loaded). */
  readonly error?: QuiverError;
}

/**
 * One task's browser: a Chromium (launched, or attached to over CDP) with one page. Actions
 * run one at a time. `close()` is safe to call at any time, any number of times.
 */
export class BrowserSession {
  private browser?: Browser;
  private page?: Page;
  private settings?: BrowserSettings;
  private mouse?: string;
  private readonly logs = new ConsoleLogBuffer();
  private queue: Promise<unknown> = Promise.resolve();
  /** Bumped by every shutdown, so a launch that a close overtook knows to undo itself. */
  private generation = 0;

  /** True while a browser is open. */
  get isLaunched(): boolean {
    return this.page !== undefined;
  }

  /**
   * Start a browser (closing any open one) and open `url` in it. `guard` checks every load of
   * the browser's pages from then on (SPEC B1): a refused request is aborted and logged.
   */
  launch(url: string, settings: BrowserSettings, guard?: LoadGuard): Promise<ActionOutcome> {
    return this.serial(async () => {
      await this.shutdown();
      this.settings = settings;
      const page = await this.openPage(settings, guard);
      return this.act(async () => {
        try {
          await page.goto(url, { timeout: settings.navigationTimeoutMs, waitUntil: 'domcontentloaded' });
        } catch (e) {
          await stopLoading(page);
          return navigationError(url, settings.navigationTimeoutMs, e);
        }
        await waitForStableHtml(page, settings.stableWaitMs);
        return undefined;
      });
    });
  }

  /** Click at viewport coordinates; when the click starts a request, wait for the page to settle. */
  click(x: number, y: number): Promise<ActionOutcome> {
    return this.serial(() =>
      this.act(async (page, settings) => {
        let requested = false;
        const onRequest = () => void (requested = true);
        page.on('request', onRequest);
        try {
          await page.mouse.click(x, y);
          this.mouse = `${x},${y}`;
          await sleep(100);
        } finally {
          page.off('request', onRequest);
        }
        if (requested) await this.settle(page, settings);
        return undefined;
      }),
    );
  }

  /** Type text with the keyboard into whatever has focus. */
  type(text: string): Promise<ActionOutcome> {
    return this.serial(() => this.act(async (page) => void (await page.keyboard.type(text))));
  }

  /** Scroll the page by one screen (600 px) down or up. */
  scroll(direction: 'down' | 'up'): Promise<ActionOutcome> {
    const dy = direction === 'down' ? SCROLL_PIXELS : -SCROLL_PIXELS;
    return this.serial(() =>
      this.act(async (page) => {
        await page.evaluate((by) => window.scrollBy({ top: by, behavior: 'auto' }), dy);
        await sleep(300);
        return undefined;
      }),
    );
  }

  /**
   * Close the browser (or detach from a remote one). Idempotent. It does not wait for a
   * running action: closing is how a page stuck in a script is ended.
   */
  close(): Promise<void> {
    return this.shutdown();
  }

  /** The page's current HTML (for hosts that show it, and for tests). */
  content(): Promise<string> {
    return this.serial(() => this.requirePage().content());
  }

  private async openPage(settings: BrowserSettings, guard?: LoadGuard): Promise<Page> {
    const generation = this.generation;
    // playwright-core is loaded on the first launch, not with the plugin: listing tools (MCP
    // tools/list imports every plugin) must not pay for it.
    const { chromium } = await import('playwright-core');
    const browser = settings.remoteBrowserHost
      ? await chromium.connectOverCDP(settings.remoteBrowserHost, { timeout: settings.launchTimeoutMs })
      : await chromium.launch({
          executablePath: await findChromium(settings.executablePath),
          headless: true,
          args: [...CHROMIUM_ARGS, ...settings.extraArgs],
          timeout: settings.launchTimeoutMs,
        });
    if (generation !== this.generation) {
      await browser.close().catch(() => undefined);
      throw quiverError(ERROR_CODES.TOOL_ABORTED, 'The browser was closed while it was starting.', { tool: 'browser_action' });
    }
    this.browser = browser;
    browser.on('disconnected', () => {
      if (this.browser === browser) this.forget();
    });
    const context = await browser.newContext({ viewport: { ...settings.viewport } });
    if (guard) await this.guardLoads(context, guard);
    const page = await context.newPage();
    page.setDefaultTimeout(settings.actionTimeoutMs);
    page.on('console', (msg) => this.logs.push(formatConsoleLine(msg.type(), msg.text())));
    page.on('pageerror', (err) => this.logs.push(`[Page Error] ${err.toString()}`));
    this.page = page;
    this.logs.take();
    return page;
  }

  /**
   * Route every request of the context (every page, popup, frame, redirect hop and
   * sub-resource) through `guard`, before Chromium fetches it. http(s) requests skip the
   * round trip: the guard allows them anyway, and web_fetch-style address rules are not the
   * browser's (the user approved opening the browser).
   */
  private async guardLoads(context: BrowserContext, guard: LoadGuard): Promise<void> {
    await context.route(
      (url) => url.protocol !== 'http:' && url.protocol !== 'https:',
      async (route: Route) => {
        const url = route.request().url();
        const refusal = await guard(url).catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
        if (refusal === undefined) return route.continue().catch(() => undefined);
        this.logs.push(`[Blocked] ${url}: ${refusal}`);
        return route.abort('accessdenied').catch(() => undefined);
      },
    );
  }

  /** Run an action, then wait for the console to go quiet and take a screenshot. */
  private async act(action: (page: Page, settings: BrowserSettings) => Promise<QuiverError | undefined>): Promise<ActionOutcome> {
    const page = this.requirePage();
    const settings = this.settings!;
    let error: QuiverError | undefined;
    try {
      error = await action(page, settings);
    } catch (e) {
      // As in the baseline, a failing click or keystroke is reported in the logs, not thrown.
      this.logs.push(`[Error] ${e instanceof Error ? e.message : String(e)}`);
    }
    await this.logs.waitForQuiet(settings.logQuietMs, settings.logWaitMs);
    const screenshot = await this.screenshot(page, settings);
    return { logs: this.logs.take(), screenshot, url: page.url(), mousePosition: this.mouse, error };
  }

  private async screenshot(page: Page, settings: BrowserSettings): Promise<ActionOutcome['screenshot']> {
    try {
      const type = settings.screenshotType;
      const data = await page.screenshot({
        type,
        timeout: Math.min(settings.actionTimeoutMs, SCREENSHOT_TIMEOUT_MS),
        ...(type === 'jpeg' ? { quality: 80 } : {}),
      });
      return { data, mimeType: `image/${type}` };
    } catch (e) {
      this.logs.push(`[Error] screenshot failed: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  }

  /** After a click that sent a request: wait for any navigation to load, then for stable HTML. */
  private async settle(page: Page, settings: BrowserSettings): Promise<void> {
    try {
      await page.waitForLoadState('domcontentloaded', { timeout: settings.navigationTimeoutMs });
    } catch (e) {
      this.logs.push(`[Error] navigation did not finish: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
      await stopLoading(page);
    }
    await waitForStableHtml(page, settings.stableWaitMs);
  }

  private requirePage(): Page {
    if (!this.page) throw notLaunched();
    return this.page;
  }

  private async shutdown(): Promise<void> {
    this.generation++;
    const browser = this.browser;
    this.forget();
    if (browser) await browser.close().catch(() => undefined);
  }

  private forget(): void {
    this.browser = undefined;
    this.page = undefined;
    this.mouse = undefined;
    this.logs.take();
  }

  /** Chain actions so two calls of one task never drive the page at once. */
  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/**
 * Stop a navigation that is still pending. While one is, Chromium answers neither scripts nor
 * screenshots, so the browser would be stuck on a page that never loads.
 */
async function stopLoading(page: Page): Promise<void> {
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.stopLoading');
    await cdp.detach();
  } catch {
    // The page went away: there is nothing left to stop.
  }
}

/** The baseline's words for an action before launch. */
export const NOT_LAUNCHED_MESSAGE =
  'Browser is not launched. This may occur if the browser was automatically closed by a non-`browser_action` tool. Use the launch action first.';

function notLaunched(): QuiverError {
  return quiverError(ERROR_CODES.TOOL_FAILED, NOT_LAUNCHED_MESSAGE, { tool: 'browser_action' });
}

function navigationError(url: string, timeoutMs: number, e: unknown): QuiverError {
  const message = e instanceof Error ? e.message.split('\n')[0] : String(e);
  const timedOut = e instanceof Error && e.name === 'TimeoutError';
  const what = timedOut ? `did not load within ${timeoutMs / 1000} s` : `could not be opened (${message})`;
  return quiverError(
    timedOut ? ERROR_CODES.TOOL_TIMEOUT : ERROR_CODES.TOOL_FAILED,
    `The page at ${url} ${what}. The browser is still open: launch again with a URL that works, or close it.`,
    { tool: 'browser_action', cause: e },
  );
}
