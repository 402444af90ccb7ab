import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTaskState, isQuiverError, type TaskConfig } from '@quiver/core';
import { afterAll, describe, expect, it } from 'vitest';
import { ACTION_EXECUTED, actionResultBlocks, actionResultText, CLOSE_REMINDER } from './format-action-result.js';
import { browserSettings, DEFAULT_BROWSER_SETTINGS } from './browser-settings.js';
import { ConsoleLogBuffer } from './console-log-buffer.js';
import { findChromium } from './find-chromium.js';
import { parseCoordinate } from './parse-coordinate.js';
import { sessionOf } from './browser-session-service.js';
import { withDeadline } from './with-deadline.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('parseCoordinate', () => {
  const viewport = { width: 900, height: 600 };
  it('reads "x,y" with spaces and decimals', () => {
    expect(parseCoordinate('450,300', viewport)).toEqual({ x: 450, y: 300 });
    expect(parseCoordinate(' 10 , 20.6 ', viewport)).toEqual({ x: 10, y: 21 });
  });
  it('refuses other shapes and points outside the viewport', () => {
    for (const bad of ['', '450', '450,300,1', 'a,b', '450;300']) expect(parseCoordinate(bad, viewport)).toHaveProperty('error');
    expect(parseCoordinate('900,0', viewport)).toHaveProperty('error');
    expect(parseCoordinate('0,600', viewport)).toHaveProperty('error');
    expect(parseCoordinate('-1,5', viewport)).toHaveProperty('error');
    expect(parseCoordinate('899,599', viewport)).toEqual({ x: 899, y: 599 });
  });
});

describe('browserSettings', () => {
  it("has the baseline's figures by default", () => {
    expect(browserSettings({})).toEqual(DEFAULT_BROWSER_SETTINGS);
    expect(DEFAULT_BROWSER_SETTINGS).toMatchObject({
      viewport: { width: 900, height: 600 },
      navigationTimeoutMs: 7000,
      stableWaitMs: 5000,
      logQuietMs: 500,
      logWaitMs: 3000,
    });
  });
  it('takes a viewport as "WxH" or an object, and rejects bad options by key', () => {
    expect(browserSettings({ viewport: '1280x800' }).viewport).toEqual({ width: 1280, height: 800 });
    expect(browserSettings({ viewport: { width: 800, height: 600 } }).viewport).toEqual({ width: 800, height: 600 });
    const error = (() => {
      try {
        browserSettings({ navigationTimeoutMs: -1 });
      } catch (e) {
        return e;
      }
    })();
    expect(isQuiverError(error) && error.code).toBe('QUIVER_ERR_CONFIG_INVALID');
    expect((error as Error).message).toContain("'navigationTimeoutMs'");
  });
});

describe('findChromium', () => {
  it('prefers the option, then $QUIVER_CHROMIUM, and refuses a path that is not executable', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quiver-chromium-'));
    dirs.push(dir);
    const fake = join(dir, 'chromium');
    await writeFile(fake, '#!/bin/sh\n');
    await chmod(fake, 0o755);
    expect(await findChromium(fake, {})).toBe(fake);
    expect(await findChromium(undefined, { QUIVER_CHROMIUM: fake })).toBe(fake);
    await chmod(fake, 0o644);
    await expect(findChromium(undefined, { QUIVER_CHROMIUM: fake })).rejects.toThrow(
      `Chromium was not found at '${fake}' (from $QUIVER_CHROMIUM)`,
    );
  });
});

describe('result format (SPEC Part B §16.13)', () => {
  it('puts the logs between the sentence and the reminder, then the screenshot', () => {
    const outcome = { logs: ['[log] a', '[error] b'], url: 'http://x/', screenshot: { data: Buffer.from('png'), mimeType: 'image/png' } };
    expect(actionResultText(outcome)).toBe(`${ACTION_EXECUTED}\n\nConsole logs:\n[log] a\n[error] b\n\n${CLOSE_REMINDER}`);
    expect(actionResultText({ logs: [], url: '' })).toContain('Console logs:\n(No new logs)\n\n');
    expect(actionResultBlocks(outcome)[1]).toEqual({ type: 'image', data: Buffer.from('png').toString('base64'), mimeType: 'image/png' });
    expect(actionResultBlocks({ logs: [], url: '' })).toHaveLength(1);
  });
});

describe('ConsoleLogBuffer', () => {
  it('waits for a quiet spell, never longer than the cap', async () => {
    const logs = new ConsoleLogBuffer();
    const ticker = setInterval(() => logs.push('[log] tick'), 20);
    // The ticker never goes quiet: only the cap can end this wait.
    await logs.waitForQuiet(200, 300);
    clearInterval(ticker);
    expect(logs.take().length).toBeGreaterThan(0);
    expect(logs.take()).toEqual([]);
  });
});

describe('withDeadline', () => {
  it('times out, and honours an abort', async () => {
    const never = new Promise<never>(() => undefined);
    await expect(withDeadline(never, 20, new AbortController().signal, 'click')).rejects.toThrow(
      "The browser action 'click' did not finish within 0.02 s",
    );
    const controller = new AbortController();
    const pending = withDeadline(never, 10_000, controller.signal, 'type');
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'QUIVER_ERR_TOOL_ABORTED' });
    expect(await withDeadline(sleep(1, 'ok'), 1000, new AbortController().signal, 'x')).toBe('ok');
  });
});
