/**
 * allowed_domains / blocked_domains (SPEC Part B §16.15): lists of domains given as a JSON
 * array (as text or as an array), normalised to bare host names, and applied to each hit's
 * host (a domain covers its subdomains).
 */

/**
 * Parse a domain list: a JSON array of strings, an array, or comma-separated text. Entries
 * may be URLs or carry a `www.` prefix; both are reduced to the host name. Undefined when the
 * value is not a list of strings.
 */
export function parseDomains(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return [];
  let list: unknown = value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text) return [];
    try {
      list = text.startsWith('[') ? JSON.parse(text) : text.split(',');
    } catch {
      return undefined;
    }
  }
  if (!Array.isArray(list) || !list.every((d) => typeof d === 'string')) return undefined;
  return [...new Set(list.map(normaliseDomain).filter((d) => d.length > 0))];
}

/** `https://www.Example.com/path` → `example.com`. */
export function normaliseDomain(entry: string): string {
  let text = entry.trim().toLowerCase();
  text = text
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .split(/[/?#]/)[0]
    .replace(/:\d+$/, '');
  return text
    .replace(/^www\./, '')
    .replace(/^\*\./, '')
    .replace(/\.$/, '');
}

/** True when `url`'s host is `domain` or a subdomain of it, for any of `domains`. */
export function hostMatches(url: string, domains: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  return domains.some((d) => host === d || host.endsWith(`.${d}`) || host === `www.${d}`);
}

/** Keep the hits the lists allow. */
export function filterHits<T extends { url: string }>(hits: readonly T[], allowed: readonly string[], blocked: readonly string[]): T[] {
  return hits.filter((h) => (allowed.length === 0 || hostMatches(h.url, allowed)) && !hostMatches(h.url, blocked));
}
