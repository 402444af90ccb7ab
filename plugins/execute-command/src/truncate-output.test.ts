import { describe, expect, it } from 'vitest';
import { joinHeadAndTail, truncateOutput, truncationMarker } from './truncate-output.js';

const marker = (lines: number, chars = 0) => truncationMarker({ lines, chars });

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
    expect(out[250]).toBe('... (output truncated: 1 line omitted) ...');
    expect(out.slice(251)).toEqual(lines(250, 252));
  });

  it('cuts 10 000 lines the same way', () => {
    const out = truncateOutput(`${lines(10_000).join('\n')}\n`).split('\n');
    expect(out[0]).toBe('line 1');
    expect(out[249]).toBe('line 250');
    expect(out[250]).toBe('... (output truncated: 9,500 lines omitted) ...');
    expect(out[251]).toBe('line 9751');
    expect(out.at(-1)).toBe('line 10000');
  });

  it('caps characters when lines are few but long', () => {
    const text = `${'a'.repeat(400)}\n${'b'.repeat(400)}`;
    const out = truncateOutput(text, { maxChars: 100 });
    // Both lines are shown in part: what is left out is counted in characters.
    expect(out).toBe(`${'a'.repeat(50)}\n... (output truncated: 701 characters omitted) ...\n${'b'.repeat(50)}`);
  });

  it('keeps one huge line within the byte cap', () => {
    const out = truncateOutput('x'.repeat(2_000_000));
    const expected = marker(0, 2_000_000 - 512 * 1024);
    expect(out.length).toBe(512 * 1024 + expected.length + 2);
    expect(out).toContain(`\n${expected}\n`);
  });

  it('says 1 line, and counts with thousands separators', () => {
    expect(marker(1)).toBe('... (output truncated: 1 line omitted) ...');
    expect(marker(12_345)).toBe('... (output truncated: 12,345 lines omitted) ...');
    expect(marker(0, 2_048)).toBe('... (output truncated: 2,048 characters omitted) ...');
  });

  it('handles empty output', () => {
    expect(truncateOutput('')).toBe('');
  });
});

describe('joinHeadAndTail', () => {
  it('takes the head of one text and the tail of another', () => {
    const out = joinHeadAndTail(
      lines(300).join('\n'),
      lines(300, 1001).join('\n'),
      { lines: 1300, chars: 12_000 },
      { headLines: 2, tailLines: 2 },
    );
    expect(out).toBe(`line 1\nline 2\n${marker(1296)}\nline 1299\nline 1300`);
  });

  it('copes with a tail that starts with a newline', () => {
    expect(joinHeadAndTail('a', '\nb\nc', { lines: 9, chars: 40 }, { headLines: 1, tailLines: 5 })).toBe(`a\n${marker(5)}\n\nb\nc`);
  });
});
