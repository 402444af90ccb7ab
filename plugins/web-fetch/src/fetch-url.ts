/**
 * The fetch itself, on node:http(s): redirects followed by hand so every hop's address is
 * checked again, one time limit over the whole exchange, a byte cap on the (decompressed)
 * body, and binary responses refused before their body is read.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { ERROR_CODES, isQuiverError, quiverError } from '@quiver/core';
import { checkUrl, guardedLookup, type AddressPolicy } from './address-policy.js';
import { kindOfType, mediaType, sniffKind, type ContentKind } from './content-kind.js';
import { WEB_FETCH_ERRORS } from './web-fetch-errors.js';

/** The limits of one fetch. */
export interface FetchLimits {
  /** For the whole exchange, redirects and body included. */
  timeoutMs: number;
  /** Bytes of (decompressed) body read; the rest is cut. */
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
  signal?: AbortSignal;
}

/** A fetched response that is HTML or text. */
export interface FetchedPage {
  /** The final URL, after redirects. */
  url: URL;
  /** The URLs that redirected, in order. */
  redirects: URL[];
  status: number;
  contentType?: string;
  kind: Exclude<ContentKind, 'binary'>;
  body: Buffer;
  /** The body was longer than `maxBytes` and was cut. */
  truncated: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Fetch a URL under `policy` and `limits`. Throws Quiver errors with codes that say what went wrong. */
export async function fetchUrl(input: URL, policy: AddressPolicy, limits: FetchLimits): Promise<FetchedPage> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = limits.signal ? AbortSignal.any([limits.signal, timeout]) : timeout;
  const redirects: URL[] = [];
  let url = input;
  try {
    for (;;) {
      checkUrl(url, policy);
      const res = await request(url, policy, limits.userAgent, signal);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location) {
        res.resume();
        if (redirects.length >= limits.maxRedirects)
          throw failed(`${input.href} redirected more than ${limits.maxRedirects} times (last to ${location})`);
        redirects.push(url);
        url = new URL(location, url);
        continue;
      }
      return await readPage(res, url, redirects, limits, signal);
    }
  } catch (e) {
    throw fetchError(e, input, limits, timeout);
  }
}

async function readPage(res: IncomingMessage, url: URL, redirects: URL[], limits: FetchLimits, signal: AbortSignal): Promise<FetchedPage> {
  const status = res.statusCode ?? 0;
  if (status >= 400 || status < 200) {
    res.resume();
    throw failed(`${url.href} answered HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`);
  }
  const contentType = res.headers['content-type'];
  const declared = kindOfType(contentType);
  if (declared === 'binary') {
    res.destroy();
    throw unsupported(url, mediaType(contentType));
  }
  const { body, truncated } = await readCapped(decoded(res), limits.maxBytes, signal);
  const kind = declared ?? sniffKind(body);
  if (kind === 'binary') throw unsupported(url, 'no Content-Type; the bytes are binary');
  return { url, redirects, status, contentType, kind, body, truncated };
}

function request(url: URL, policy: AddressPolicy, userAgent: string, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        headers: {
          'user-agent': userAgent,
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
        },
        lookup: guardedLookup(url, policy) as never,
        // A fresh connection per hop: a pooled socket would skip the address check.
        agent: false,
        signal,
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** The body stream, decompressed when the server compressed it. */
function decoded(res: IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const inflater =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  return inflater ? pipeline(res, inflater, () => {}) : res;
}

/** Read at most `maxBytes`; a longer body is cut and the connection dropped. */
async function readCapped(stream: Readable, maxBytes: number, signal: AbortSignal): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    signal.throwIfAborted();
    const room = maxBytes - size;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      stream.destroy();
      return { body: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

function fetchError(e: unknown, input: URL, limits: FetchLimits, timeout: AbortSignal) {
  if (isQuiverError(e)) return e;
  if (timeout.aborted) {
    return quiverError(
      ERROR_CODES.TOOL_TIMEOUT,
      `Fetching ${input.href} took longer than ${limits.timeoutMs / 1000} s, so it was stopped. Try again later, or fetch a smaller page.`,
      { cause: e },
    );
  }
  if (limits.signal?.aborted) return quiverError(ERROR_CODES.TOOL_ABORTED, `Fetching ${input.href} was cancelled.`, { cause: e });
  return failed(`${input.href} could not be fetched: ${(e as Error)?.message ?? String(e)}`, e);
}

function failed(message: string, cause?: unknown) {
  return quiverError(WEB_FETCH_ERRORS.WEB_FETCH_FAILED, `${message}. Check the URL, or try again later.`, { cause });
}

function unsupported(url: URL, type: string) {
  return quiverError(
    WEB_FETCH_ERRORS.WEB_CONTENT_UNSUPPORTED,
    `${url.href} is binary content (${type}), which web_fetch does not read: it returns HTML pages and text only. Fetch a page that links to or describes it instead.`,
  );
}
