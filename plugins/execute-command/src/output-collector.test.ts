import { describe, expect, it } from 'vitest';
import { OutputCollector } from './output-collector.js';
import { truncateOutput } from './truncate-output.js';

describe('OutputCollector', () => {
  it('interleaves stdout and stderr in arrival order', () => {
    const c = new OutputCollector();
    c.push('stdout', Buffer.from('out 1\n'));
    c.push('stderr', Buffer.from('err 1\n'));
    c.push('stdout', Buffer.from('out 2\n'));
    expect(c.text()).toBe('out 1\nerr 1\nout 2\n');
  });

  it('does not mangle a character split across chunks', () => {
    const c = new OutputCollector();
    const bytes = Buffer.from('héllo €', 'utf8');
    const chunks = [bytes.subarray(0, 2), bytes.subarray(2, 8), bytes.subarray(8)];
    const seen = chunks.map((chunk) => c.push('stdout', chunk));
    expect(seen.join('')).toBe('héllo €');
    expect(c.text()).toBe('héllo €');
  });

  it('keeps only head and tail of an endless stream, cut exactly like the whole text', () => {
    const c = new OutputCollector({ maxChars: 1000 });
    let all = '';
    for (let i = 0; i < 5000; i++) {
      const line = `line ${i}\n`;
      all += line;
      c.push(i % 2 ? 'stderr' : 'stdout', Buffer.from(line));
    }
    expect(c.text()).toBe(truncateOutput(all, { maxChars: 1000 }));
    expect(c.text()).toMatch(/\n\.\.\. \(output truncated: 4,\d{3} lines omitted\) \.\.\.\n/);
    expect(c.text().endsWith('line 4999')).toBe(true);
  });

  it('flushes an incomplete character at the end', () => {
    const c = new OutputCollector();
    c.push('stdout', Buffer.from([0xe2, 0x82]));
    expect(c.end().map((r) => r.stream)).toEqual(['stdout']);
    expect(c.text()).toBe('\ufffd');
  });
});
