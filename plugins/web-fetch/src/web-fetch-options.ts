import { z } from 'zod';

/** Defaults of the plugin options. */
export const WEB_FETCH_DEFAULTS = Object.freeze({
  timeoutMs: 15_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
  maxChars: 100_000,
  userAgent: 'Mozilla/5.0 (compatible; Quiver-WebFetch/0.1)',
});

const positive = z.number().int().positive();

/**
 * The plugin options of web_fetch, parsed once when the plugin loads: unknown keys and bad
 * values are a config error naming the file, the plugin and the key.
 */
export const webFetchOptions = z
  .object({
    /** Fetch private, loopback and link-local addresses too (SPEC F1). @default false */
    allowPrivateAddresses: z.boolean().default(false),
    /** Hosts fetched even when they are private (tests allow `127.0.0.1`). @default [] */
    allowedHosts: z.array(z.string().min(1)).default([]),
    /** One time limit for the whole call, conversion included (SPEC F4). @default 15000 */
    timeoutMs: positive.default(WEB_FETCH_DEFAULTS.timeoutMs),
    /** The body cap, after decompression. @default 5 MiB */
    maxBytes: positive.default(WEB_FETCH_DEFAULTS.maxBytes),
    /** Redirect hops followed, each checked again. @default 5 */
    maxRedirects: z.number().int().min(0).default(WEB_FETCH_DEFAULTS.maxRedirects),
    /** The most characters of content returned. @default 100000 */
    maxChars: positive.default(WEB_FETCH_DEFAULTS.maxChars),
    /** The User-Agent header sent. */
    userAgent: z.string().min(1).default(WEB_FETCH_DEFAULTS.userAgent),
  })
  .strict();

/** The parsed options of web_fetch. */
export type WebFetchOptions = z.output<typeof webFetchOptions>;
