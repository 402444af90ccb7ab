import { describe, expect, it } from 'vitest';
import { formatFileContentWithLineNumbers as format, lineFooter, numberLines, splitLines } from './format-line-numbers.js';
import { DEFAULT_MAX_LINES } from './line-window.js';

const lines = (n: number, word = 'line') => Array.from({ length: n }, (_, i) => `${word}${i + 1}`).join('\n');
const TEN = lines(10);
const NOTICE = '\n\n---\n\n[FILE TRUNCATED: This content is 1.0 MB but only the first 400 KB is shown (600 KB truncated).]';

// SPEC §14.3 "Formatter": each row is one vector; `has`/`not` list substrings.
const cases: {
  name: string;
  content: string;
  start?: number;
  end?: number;
  starts?: string;
  has?: string[];
  not?: string[];
  ends?: string;
  equals?: string;
}[] = [
  { name: 'numbers lines from 1', content: 'alpha\nbeta', starts: '1 | alpha\n2 | beta' },
  { name: 'a trailing newline adds no line', content: 'alpha\nbeta\n', starts: '1 | alpha\n2 | beta', not: ['3 |'] },
  { name: 'empty content is returned unchanged', content: '', equals: '' },
  {
    name: '1010 lines, no range: the 1000-line window',
    content: lines(1010),
    starts: '1 | line1\n',
    has: ['1000 | line1000', 'Showing lines 1-1000 of 1010 total', 'start_line=1001'],
    not: ['1001 |'],
  },
  { name: '(5,–) starts at line 5', content: TEN, start: 5, starts: '5 | line5\n', not: ['4 |'] },
  {
    name: '(3,5) shows 3–5 only',
    content: TEN,
    start: 3,
    end: 5,
    starts: '3 | line3\n',
    has: ['4 | line4\n', '5 | line5'],
    not: ['2 |', '6 |'],
  },
  {
    name: '(5,3) is swapped to 3–5',
    content: TEN,
    start: 5,
    end: 3,
    starts: '3 | line3\n',
    has: ['4 | line4\n', '5 | line5'],
    not: ['2 |', '6 |'],
  },
  { name: '(-5,3) starts at line 1', content: TEN, start: -5, end: 3, starts: '1 | line1' },
  { name: '(8,999) ends at the last line', content: TEN, start: 8, end: 999, has: ['10 | line10'], not: ['11 |'] },
  { name: '(1,5) has the continuation hint', content: TEN, start: 1, end: 5, has: ['Showing lines 1-5 of 10 total', 'start_line=6'] },
  { name: '(1,10) has the total footer', content: TEN, start: 1, end: 10, has: ['File has 10 lines total'] },
  { name: 'no range fits: total footer', content: TEN, has: ['File has 10 lines total'] },
  { name: '1500 rows with (1,1200) goes past the window', content: lines(1500, 'row'), start: 1, end: 1200, has: ['1200 | row1200'] },
  { name: 'the truncation notice is kept, unnumbered', content: `alpha\nbeta${NOTICE}`, equals: `1 | alpha\n2 | beta${NOTICE}` },
  { name: 'a start past the end: empty body and the total', content: TEN, start: 50, equals: '\n\n(File has 10 lines total.)' },
  { name: 'CRLF lines lose their \\r', content: 'a\r\nb\r\n', equals: '1 | a\n2 | b\n\n(File has 2 lines total.)' },
  { name: 'a lone \\r is not a line break', content: 'a\rb', equals: '1 | a\rb\n\n(File has 1 lines total.)' },
  {
    name: 'exact continuation footer',
    content: 'alpha\nbeta\ngamma\n',
    start: 2,
    end: 2,
    equals: '2 | beta\n\n(Showing lines 2-2 of 3 total. Use start_line=3 to continue reading.)',
  },
];

describe('formatFileContentWithLineNumbers (§14.3)', () => {
  it.each(cases)('$name', ({ content, start, end, starts, has = [], not = [], ends, equals }) => {
    const out = format(content, start, end);
    if (equals !== undefined) expect(out).toBe(equals);
    if (starts !== undefined) expect(out.startsWith(starts)).toBe(true);
    if (ends !== undefined) expect(out.endsWith(ends)).toBe(true);
    for (const s of has) expect(out).toContain(s);
    for (const s of not) expect(out).not.toContain(s);
  });

  it('uses a 1000-line default window', () => {
    expect(DEFAULT_MAX_LINES).toBe(1000);
  });
});

describe('numberLines, lineFooter, splitLines', () => {
  it('numbers without padding', () => {
    expect(numberLines(['a', 'b'], 9)).toBe('9 | a\n10 | b');
    expect(numberLines([], 1)).toBe('');
  });

  it('words both footers exactly', () => {
    expect(lineFooter(1, 5, 10)).toBe('\n\n(Showing lines 1-5 of 10 total. Use start_line=6 to continue reading.)');
    expect(lineFooter(1, 10, 10)).toBe('\n\n(File has 10 lines total.)');
  });

  it('splits like the baseline', () => {
    expect(splitLines('a\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('a\n\n')).toEqual(['a', '']);
    expect(splitLines('\n')).toEqual(['']);
  });
});
