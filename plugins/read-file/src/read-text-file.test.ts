import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTextFile, type TextReadRequest } from './read-text-file.js';

let dir: string;
beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'quiver-read-text-'))));
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function readFile(file: string, request: Partial<TextReadRequest> = {}) {
  const handle = await open(file, 'r');
  try {
    return await readTextFile({ handle, size: (await handle.stat()).size, ext: '.txt', ...request });
  } finally {
    await handle.close();
  }
}
async function readText(name: string, content: string | Buffer, request: Partial<TextReadRequest> = {}) {
  const file = join(dir, name);
  await writeFile(file, content);
  return readFile(file, request);
}

/** `line <n> xxxx…` lines, ~52 bytes each, written in chunks so the test never holds the file. */
async function writeBigFile(file: string, bytes: number): Promise<number> {
  const out = createWriteStream(file);
  let lines = 0;
  let written = 0;
  while (written < bytes) {
    let chunk = '';
    for (let i = 0; i < 10_000; i++) chunk += `line ${++lines} ${'x'.repeat(40)}\n`;
    written += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return lines;
}

describe('whole-file reads keep the baseline', () => {
  it('cuts at 409,600 characters with the exact notice, in place of the footer', async () => {
    const line = `${'a'.repeat(99)}\n`;
    const text = await readText('long.txt', line.repeat(5000));
    expect(text.startsWith(`1 | ${'a'.repeat(99)}\n2 | `)).toBe(true);
    expect(text).toContain(
      `1000 | ${'a'.repeat(99)}\n\n---\n\n[FILE TRUNCATED: This content is 488.3 KB but only the first 400.0 KB is shown (88.3 KB truncated). Use search_files to find specific patterns, or execute_command with grep/head/tail for targeted reading.]`,
    );
    expect(text).not.toContain('1001 |');
    expect(text).not.toContain('Showing lines');
  });

  it('refuses a whole read over 20,480,000 bytes and says to pass start_line/end_line', async () => {
    await expect(readText('over.txt', 'x\n'.repeat(100), { maxWholeFileBytes: 100 })).rejects.toMatchObject({
      code: 'QUIVER_ERR_FILE_TOO_LARGE',
      message: expect.stringMatching(/^File is too large to read into context\. .*start_line and end_line/),
    });
  });
});

describe('range reads', () => {
  it('give exact totals and the baseline footers on small files', async () => {
    const content = Array.from({ length: 10 }, (_, i) => `line${i + 1}`).join('\n');
    expect(await readText('ten.txt', content, { startLine: 3, endLine: 5 })).toBe(
      '3 | line3\n4 | line4\n5 | line5\n\n(Showing lines 3-5 of 10 total. Use start_line=6 to continue reading.)',
    );
    expect(await readText('ten.txt', content, { startLine: 8, endLine: 999 })).toBe(
      '8 | line8\n9 | line9\n10 | line10\n\n(File has 10 lines total.)',
    );
    expect(await readText('ten.txt', content, { startLine: 5 })).toMatch(/^5 \| line5\n.*10 \| line10\n\n\(File has 10 lines total\.\)$/s);
  });

  it('are not cut at 409,600 characters of the file, only per read', async () => {
    const content = Array.from({ length: 20_000 }, (_, i) => `${String(i + 1).padStart(6, '0')} ${'b'.repeat(50)}`).join('\n');
    expect(await readText('deep.txt', content, { startLine: 19_999, endLine: 19_999 })).toBe(
      `19999 | 019999 ${'b'.repeat(50)}\n\n(Showing lines 19999-19999 of 20000 total. Use start_line=20000 to continue reading.)`,
    );
  });

  it('stop at the character budget and say where to continue', async () => {
    const text = await readText('budget.txt', 'aaaa\nbbbb\ncccc\ndddd\n', { startLine: 1, endLine: 4, maxChars: 10 });
    expect(text).toBe(
      '1 | aaaa\n2 | bbbb\n\n(Showing lines 1-2 of 4 total. Lines 1-4 are more than 10 B, so this read stops at line 2. Use start_line=3 to continue reading.)',
    );
  });

  it('cut a single overlong line and say how to read the rest of it', async () => {
    const text = await readText('wide-line.txt', `${'w'.repeat(50)}\nnext\n`, { startLine: 1, endLine: 2, maxChars: 10 });
    expect(text).toBe(
      `1 | ${'w'.repeat(10)}\n\n(Showing lines 1-1 of 2 total. Line 1 is longer than 10 B, so only its first 10 B is shown; use execute_command with cut -c or dd to read the rest of that line. Use start_line=2 to continue reading.)`,
    );
  });

  it('know the total anyway when the first chunk already reached the end', async () => {
    const text = await readText('uncounted.txt', 'a\nb\nc\nd\n', { startLine: 2, endLine: 2, exactCountBytes: 4 });
    expect(text).toBe('2 | b\n\n(Showing lines 2-2 of 4 total. Use start_line=3 to continue reading.)');
  });

  it('refuse NUL bytes in the head', async () => {
    await expect(readText('nul.dat', Buffer.from('abc\0def'), { startLine: 1, ext: '.dat' })).rejects.toMatchObject({
      code: 'QUIVER_ERR_FILE_BINARY',
    });
  });
});

describe('a 50 MB file', () => {
  let file: string;
  let lines: number;
  beforeAll(async () => {
    file = join(dir, 'big.log');
    lines = await writeBigFile(file, 50 * 1024 * 1024);
  }, 60_000);

  it('is refused whole but read by range in bounded memory', async () => {
    await expect(readFile(file)).rejects.toMatchObject({ code: 'QUIVER_ERR_FILE_TOO_LARGE' });
    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    const middle = Math.floor(lines / 2);
    const text = await readFile(file, { startLine: middle, endLine: middle + 99 });
    const grown = process.memoryUsage().rss - before;
    expect(text.startsWith(`${middle} | line ${middle} x`)).toBe(true);
    expect(text).toContain(`${middle + 99} | line ${middle + 99} x`);
    expect(text).not.toContain(`${middle + 100} |`);
    expect(text).toMatch(
      new RegExp(
        `\\(Showing lines ${middle}-${middle + 99} of a 50\\.\\d MB file \\(its line count is not computed for files over 19\\.5 MB\\)\\. Use start_line=${middle + 100} to continue reading\\.\\)$`,
      ),
    );
    // Loading the file would cost 50 MB (plus strings); the reader holds one 1 MiB buffer.
    expect(grown).toBeLessThan(25 * 1024 * 1024);
  });

  it('counts every line when the count limit allows, and reads the last lines', async () => {
    const text = await readFile(file, { startLine: lines - 1, endLine: lines + 5, exactCountBytes: Number.POSITIVE_INFINITY });
    expect(text).toBe(
      `${lines - 1} | line ${lines - 1} ${'x'.repeat(40)}\n${lines} | line ${lines} ${'x'.repeat(40)}\n\n(File has ${lines} lines total.)`,
    );
  });

  it('knows the total when the range runs to the end, whatever the size', async () => {
    expect(await readFile(file, { startLine: lines, endLine: lines })).toContain(`(File has ${lines} lines total.)`);
  });
});
