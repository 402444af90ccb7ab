import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitLines } from './format-line-numbers.js';
import { countNewlines, readLineRange, type LineRangeRequest } from './read-line-range.js';

let dir: string;
beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'quiver-read-range-'))));
afterAll(async () => rm(dir, { recursive: true, force: true }));

let n = 0;
async function read(content: string | Buffer, request: Partial<LineRangeRequest> & { start: number; end: number }) {
  const file = join(dir, `f${n++}.txt`);
  await writeFile(file, content);
  const handle = await open(file, 'r');
  try {
    return await readLineRange(handle, { decode: (b) => b.toString('utf8'), maxChars: 1e9, countAll: true, ...request });
  } finally {
    await handle.close();
  }
}

const contents = [
  '',
  '\n',
  'one',
  'one\n',
  'one\ntwo',
  'one\ntwo\n',
  'a\n\n\nb\n\n',
  'crlf\r\nlines\r\n',
  'mixed\r\nends\nhere\r\n',
  'ünïcödé\nлиния\n漢字\n',
  Array.from({ length: 57 }, (_, i) => 'x'.repeat(i % 9) + i).join('\n'),
];
const windows = [
  [1, 1],
  [1, 3],
  [2, 2],
  [3, 10],
  [5, 40],
  [50, 60],
  [1, 1000],
];

describe('readLineRange matches the in-memory split, across chunk boundaries', () => {
  for (const bufferBytes of [1, 2, 3, 7, 64, 1024 * 1024]) {
    it(`buffer of ${bufferBytes} bytes`, async () => {
      for (const content of contents) {
        const all = content === '' ? [] : splitLines(content);
        for (const [start, end] of windows) {
          const r = await read(content, { start, end, bufferBytes });
          expect(r.lines, JSON.stringify({ content, start, end })).toEqual(all.slice(start - 1, end));
          expect(r.total).toBe(all.length);
          expect(r.cut).toBe(false);
        }
      }
    });
  }
});

describe('readLineRange limits', () => {
  it('stops after end_line without counting when countAll is off', async () => {
    const r = await read('a\nb\nc\nd\n', { start: 1, end: 2, countAll: false, bufferBytes: 2 });
    expect(r.lines).toEqual(['a', 'b']);
    expect(r.total).toBeUndefined();
  });

  it('still knows the total when an early stop reached the end of the file', async () => {
    expect((await read('a\nb\n', { start: 1, end: 2, countAll: false })).total).toBe(2);
    expect((await read('a\nb', { start: 1, end: 2, countAll: false })).total).toBe(2);
  });

  it('stops collecting at the character budget, keeping whole lines', async () => {
    const r = await read('aaaa\nbbbb\ncccc\ndddd\n', { start: 1, end: 4, maxChars: 10 });
    expect(r.lines).toEqual(['aaaa', 'bbbb']);
    expect(r.cut).toBe(true);
    expect(r.lineCut).toBe(false);
    expect(r.total).toBe(4);
  });

  it('cuts a single line longer than the budget, copying only what it can use', async () => {
    const r = await read(`${'z'.repeat(100_000)}\nnext\n`, { start: 1, end: 2, maxChars: 10, bufferBytes: 16 });
    expect(r.lines).toEqual(['z'.repeat(10)]);
    expect(r.lineCut).toBe(true);
    expect(r.total).toBe(2);
  });

  it('skips a byte-order mark', async () => {
    const r = await read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('bom\nx\n')]), { start: 1, end: 1, skip: 3 });
    expect(r.lines).toEqual(['bom']);
  });

  it('decodes with the decoder given', async () => {
    const r = await read(Buffer.from('caf\xe9\n', 'latin1'), { start: 1, end: 1, decode: (b) => b.toString('latin1') });
    expect(r.lines).toEqual(['café']);
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(read('a\n', { start: 1, end: 1, signal: controller.signal })).rejects.toMatchObject({ code: 'QUIVER_ERR_TOOL_ABORTED' });
  });

  it('countNewlines counts LF bytes', () => {
    expect(countNewlines(Buffer.from('a\nb\n\nc'))).toBe(3);
    expect(countNewlines(Buffer.alloc(0))).toBe(0);
  });
});
