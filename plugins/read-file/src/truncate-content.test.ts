import { describe, expect, it } from 'vitest';
import { formatBytes, MAX_CONTENT_CHARS, truncateContent } from './truncate-content.js';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [409_600, '400.0 KB'],
    [1024 * 1024, '1.0 MB'],
    [20_480_000, '19.5 MB'],
  ])('%d → %s', (n, s) => expect(formatBytes(n)).toBe(s));
});

describe('truncateContent', () => {
  it('keeps content up to 409,600 characters unchanged', () => {
    expect(MAX_CONTENT_CHARS).toBe(409_600);
    const text = 'x'.repeat(MAX_CONTENT_CHARS);
    expect(truncateContent(text)).toBe(text);
  });

  it('cuts longer content and appends the exact notice', () => {
    const text = 'y'.repeat(MAX_CONTENT_CHARS + 1024);
    expect(truncateContent(text)).toBe(
      `${'y'.repeat(MAX_CONTENT_CHARS)}\n\n---\n\n[FILE TRUNCATED: This content is 401.0 KB but only the first 400.0 KB is shown ` +
        '(1.0 KB truncated). Use search_files to find specific patterns, or execute_command with grep/head/tail for targeted reading.]',
    );
  });

  it('counts JavaScript characters, not bytes', () => {
    const text = 'é'.repeat(10);
    expect(truncateContent(text, 10)).toBe(text);
    expect(truncateContent(text, 9).startsWith('é'.repeat(9) + '\n\n---')).toBe(true);
  });
});
