import { z } from 'zod';
import { ERROR_CODES, quiverError } from '@quiver/core';

/** The browser's viewport in CSS pixels (SPEC Part B §16.13: 900×600 by default). */
export interface Viewport {
  readonly width: number;
  readonly height: number;
}

/** How the browser is run, from the plugin's options. */
export interface BrowserSettings {
  /** A Chromium or Chrome binary; undefined means "look for one" (see `findChromium`). */
  readonly executablePath?: string;
  /** A running Chromium's DevTools endpoint (e.g. `http://localhost:9222`) to attach to instead of launching one. */
  readonly remoteBrowserHost?: string;
  readonly viewport: Viewport;
  /** `goto` timeout of launch (baseline: 7 s). */
  readonly navigationTimeoutMs: number;
  /** How long to wait, at most, for the page's HTML to stop changing (baseline: 5 s). */
  readonly stableWaitMs: number;
  /** Starting or attaching to the browser. */
  readonly launchTimeoutMs: number;
  /** Every action as a whole, waits included; nothing runs past it. */
  readonly actionTimeoutMs: number;
  /** A quiet spell this long in the console ends the wait for logs (baseline: 500 ms)... */
  readonly logQuietMs: number;
  /** ...which lasts at most this long (baseline: 3 s). */
  readonly logWaitMs: number;
  /** Screenshot encoding (Chromium screenshots through playwright are PNG or JPEG, not WebP). */
  readonly screenshotType: 'png' | 'jpeg';
  /** Extra Chromium command-line switches. */
  readonly extraArgs: readonly string[];
}

/** The defaults: the baseline's figures. */
export const DEFAULT_BROWSER_SETTINGS: BrowserSettings = Object.freeze({
  viewport: Object.freeze({ width: 900, height: 600 }),
  navigationTimeoutMs: 7_000,
  stableWaitMs: 5_000,
  launchTimeoutMs: 30_000,
  actionTimeoutMs: 30_000,
  logQuietMs: 500,
  logWaitMs: 3_000,
  screenshotType: 'png',
  extraArgs: Object.freeze([]) as readonly string[],
});

const ms = z.number().int().positive();
const viewport = z.union([
  z.object({ width: z.number().int().min(100).max(4000), height: z.number().int().min(100).max(4000) }),
  z
    .string()
    .regex(/^\d{3,4}x\d{3,4}$/, 'a viewport string looks like "900x600"')
    .transform((s) => {
      const [width, height] = s.split('x').map(Number);
      return { width, height };
    }),
]);

/**
 * The plugin options of browser_action (every key optional, unknown keys refused), parsed once
 * when the plugin loads into the full {@link BrowserSettings}: the defaults plus what is set.
 */
export const browserOptionsSchema = z
  .object({
    executablePath: z.string().min(1).optional(),
    remoteBrowserHost: z.string().url().optional(),
    viewport: viewport.optional(),
    navigationTimeoutMs: ms.optional(),
    stableWaitMs: ms.optional(),
    launchTimeoutMs: ms.optional(),
    actionTimeoutMs: ms.optional(),
    logQuietMs: ms.optional(),
    logWaitMs: ms.optional(),
    screenshotType: z.enum(['png', 'jpeg']).optional(),
    extraArgs: z.array(z.string()).optional(),
  })
  .strict()
  .transform((options): BrowserSettings => {
    const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
    return Object.freeze({ ...DEFAULT_BROWSER_SETTINGS, ...defined }) as BrowserSettings;
  });

/**
 * The settings for a set of plugin options, over the defaults (what the plugin's loader does
 * with {@link browserOptionsSchema}). Options that do not fit are a config error naming the key.
 */
export function browserSettings(options: Readonly<Record<string, unknown>>): BrowserSettings {
  const parsed = browserOptionsSchema.safeParse(options);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = [...issue.path, ...(issue.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [])].join('.');
  throw quiverError(
    ERROR_CODES.CONFIG_INVALID,
    `The browser_action plugin option '${key}' is invalid: ${issue.message}. Fix it in the config (see the README of @quiver/tool-browser-action).`,
    { key, tool: 'browser_action' },
  );
}
