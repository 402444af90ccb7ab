import { describe, expect, it } from 'vitest';
import { joinHeadAndTail, truncateOutput, TRUNCATION_MARKER } from './truncate-output.js';

const lines = (n: number, from = 1): string[] => Array.from({ length: n }, (_, i) => `line ${i + from}`);

describe('truncateOutput', () => {
  it('leaves 500 lines alone', () => {
    const text = lines(500).join('\n');
    expect(truncateOutput(text)).toBe(text);
  });

  it('leaves 500 lines with a final newline alone', () => {
    const text = `${lines(500).join('\n')}\n`;
    expect(truncateOutput(text)).toBe(text);
  });

  it('cuts 501 lines to 250 head + marker + 250 tail', () => {
    const out = truncateOutput(lines(501).join('\n')).split('\n');
    expect(out).toHaveLength(501);
    expect(out.slice(0, 250)).toEqual(lines(250));
    expect(out[250]).toBe(TRUNCATION_MARKER);
    expect(out.slice(251)).toEqual(lines(250, 252));
  });

  it('cuts 10 000 lines the same way', () => {
    const out = truncateOutput(`${lines(10_000).join('\n')}\n`).split('\n');
    expect(out[0]).toBe('line 1');
    expect(out[249]).toBe('line 250');
    expect(out[250]).toBe(TRUNCATION_MARKER);
    expect(out[251]).toBe('line 9751');
    expect(out.at(-1)).toBe('line 10000');
  });

  it('caps characters when lines are few but long', () => {
    const text = `${'a'.repeat(400)}\n${'b'.repeat(400)}`;
    const out = truncateOutput(text, { maxChars: 100 });
    expect(out).toBe(`${'a'.repeat(50)}\n${TRUNCATION_MARKER}\n${'b'.repeat(50)}`);
  });

  it('keeps one huge line within the byte cap', () => {
    const out = truncateOutput('x'.repeat(2_000_000));
    expect(out.length).toBeLessThanOrEqual(512 * 1024 + TRUNCATION_MARKER.length + 2);
    expect(out).toContain(TRUNCATION_MARKER);
  });

  it('handles empty output', () => {
    expect(truncateOutput('')).toBe('');
  });
});

describe('joinHeadAndTail', () => {
  it('takes the head of one text and the tail of another', () => {
    const out = joinHeadAndTail(lines(300).join('\n'), lines(300, 1001).join('\n'), { headLines: 2, tailLines: 2 });
    expect(out).toBe(`line 1\nline 2\n${TRUNCATION_MARKER}\nline 1299\nline 1300`);
  });

  it('copes with a tail that starts with a newline', () => {
    expect(joinHeadAndTail('a', '\nb\nc', { headLines: 1, tailLines: 5 })).toBe(`a\n${TRUNCATION_MARKER}\n\nb\nc`);
  });
});
