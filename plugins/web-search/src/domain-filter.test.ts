import { describe, expect, it } from 'vitest';
import { filterHits, hostMatches, normaliseDomain, parseDomains } from './domain-filter.js';

describe('domain lists', () => {
  it('parses JSON arrays, arrays and comma lists; refuses other shapes', () => {
    expect(parseDomains('["Example.com", "https://www.docs.python.org/3/"]')).toEqual(['example.com', 'docs.python.org']);
    expect(parseDomains(['a.com', 'a.com'])).toEqual(['a.com']);
    expect(parseDomains('a.com, b.org')).toEqual(['a.com', 'b.org']);
    expect(parseDomains('')).toEqual([]);
    expect(parseDomains(undefined)).toEqual([]);
    expect(parseDomains('[1, 2]')).toBeUndefined();
    expect(parseDomains('["a.com"')).toBeUndefined();
  });

  it('normalises entries to bare hosts', () => {
    expect(normaliseDomain(' HTTPS://WWW.Example.COM:443/path?q ')).toBe('example.com');
    expect(normaliseDomain('*.example.com')).toBe('example.com');
  });

  it('a domain covers its subdomains, not look-alikes', () => {
    expect(hostMatches('https://docs.example.com/x', ['example.com'])).toBe(true);
    expect(hostMatches('https://example.com./x', ['example.com'])).toBe(true);
    expect(hostMatches('https://notexample.com/x', ['example.com'])).toBe(false);
    expect(hostMatches('not a url', ['example.com'])).toBe(false);
    const hits = [{ url: 'https://a.com/1' }, { url: 'https://b.a.com/2' }, { url: 'https://c.com/3' }];
    expect(filterHits(hits, ['a.com'], [])).toHaveLength(2);
    expect(filterHits(hits, [], ['a.com'])).toEqual([{ url: 'https://c.com/3' }]);
  });
});
