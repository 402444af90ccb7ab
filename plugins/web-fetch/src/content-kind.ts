/**
 * What a response is: HTML (converted to Markdown), text (passed through) or binary
 * (refused), from its Content-Type, or from its first bytes when it has none; and how its
 * bytes decode.
 */

/** How web_fetch treats a response. */
export type ContentKind = 'html' | 'text' | 'binary';

const TEXT_APPLICATION = new Set([
  'application/json',
  'application/ld+json',
  'application/xml',
  'application/javascript',
  'application/ecmascript',
  'application/x-javascript',
  'application/x-yaml',
  'application/yaml',
  'application/toml',
  'application/x-sh',
  'application/sql',
  'application/graphql',
  'application/x-ndjson',
  'application/rss+xml',
  'application/atom+xml',
]);

/** The media type of a Content-Type header, lowercased, without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** The kind a Content-Type declares, or undefined when it declares none. */
export function kindOfType(contentType: string | undefined): ContentKind | undefined {
  const type = mediaType(contentType);
  if (!type) return undefined;
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type.startsWith('text/') || TEXT_APPLICATION.has(type) || type.endsWith('+json') || type.endsWith('+xml')) return 'text';
  return 'binary';
}

/** Sniff a body without a Content-Type: NUL bytes mean binary; a doctype or `<html` means HTML. */
export function sniffKind(head: Buffer): ContentKind {
  if (head.subarray(0, 1024).includes(0)) return 'binary';
  const start = head.subarray(0, 1024).toString('latin1').trimStart().toLowerCase();
  return start.startsWith('<!doctype html') || start.startsWith('<html') ? 'html' : 'text';
}

/**
 * Decode a body: the header's charset, else an HTML `<meta charset>` in the first 1 KB, else
 * UTF-8. Unknown charsets fall back to UTF-8; bad bytes become U+FFFD.
 */
export function decodeBody(body: Buffer, contentType: string | undefined, kind: ContentKind): string {
  const declared = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  const meta =
    kind === 'html' && !declared
      ? /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 1024).toString('latin1'))?.[1]
      : undefined;
  const charset = declared ?? meta ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
