import { execFileSync } from 'node:child_process';
import { utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import readFile from './index.js';

let h: TestHarness;
afterEach(async () => h?.dispose());

const setup = async (files: Record<string, string | Buffer> = {}) => (h = await createTestHarness({ plugins: [readFile], files }));

describe('read_file through the pipeline (§14.3 handler vectors)', () => {
  it('reads `hello world` exactly and leaves the mistake count at 0', async () => {
    await setup({ 'hello.txt': 'hello world' });
    const r = await h.call('read_file', { path: 'hello.txt' });
    expect(r.isError).toBe(false);
    expect(h.text(r)).toBe('1 | hello world\n\n(File has 1 lines total.)');
    expect(h.mistakes.count).toBe(0);
  });

  it('reads, then re-reads a range in full: ranges are never deduplicated', async () => {
    await setup({ 'real-file.txt': 'alpha\nbeta\ngamma\n' });
    expect(h.text(await h.call('read_file', { path: 'real-file.txt' }))).toBe(
      '1 | alpha\n2 | beta\n3 | gamma\n\n(File has 3 lines total.)',
    );
    const second = await h.call('read_file', { path: 'real-file.txt', start_line: '2', end_line: '2' });
    expect(h.text(second)).toBe('2 | beta\n\n(Showing lines 2-2 of 3 total. Use start_line=3 to continue reading.)');
    expect(second.mistake).toBe('keep');
  });

  it('reports a missing file three times, counting 1, 2, 3', async () => {
    await setup();
    for (const expected of [1, 2, 3]) {
      const r = await h.call('read_file', { path: 'missing.txt' });
      expect(r.isError).toBe(true);
      expect(r.code).toBe('QUIVER_ERR_FILE_NOT_FOUND');
      expect(h.text(r)).toContain(`File not found: ${h.path('missing.txt')}`);
      expect(h.mistakes.count).toBe(expected);
    }
  });

  it('answers a missing path with the missing-parameter result, count 1', async () => {
    await setup();
    const r = await h.call('read_file', {});
    expect(r.isError).toBe(true);
    expect(r.code).toBe('QUIVER_ERR_PARAM_MISSING');
    expect(h.text(r)).toContain("Missing value for required parameter 'path'");
    expect(h.mistakes.count).toBe(1);
  });
});

describe('read cache', () => {
  it('answers a repeated whole read of an unchanged file with one line and its line count', async () => {
    await setup({ 'a.txt': 'x\ny\n' });
    await h.call('read_file', { path: 'a.txt' });
    const again = await h.call('read_file', { path: 'a.txt' });
    expect(again.content).toEqual([
      {
        type: 'text',
        text: "[Unchanged] 'a.txt' (2 lines) has not changed since you read it earlier in this task; use that content, or read a range (start_line, end_line) to see lines again.",
      },
    ]);
    expect(again.mistake).toBe('keep');
    expect(h.readCache.get(h.path('a.txt').toLowerCase())?.readCount).toBe(2);
    expect(h.text(await h.call('read_file', { path: 'a.txt', start_line: 2 }))).toBe('2 | y\n\n(File has 2 lines total.)');
  });

  it('reads a changed file in full again', async () => {
    await setup({ 'a.txt': 'x\n' });
    await h.call('read_file', { path: 'a.txt' });
    writeFileSync(h.path('a.txt'), 'x\nnew\n');
    utimesSync(h.path('a.txt'), new Date(), new Date(Date.now() + 5000));
    expect(h.text(await h.call('read_file', { path: 'a.txt' }))).toBe('1 | x\n2 | new\n\n(File has 2 lines total.)');
  });

  it('reads the whole file after only a range was read', async () => {
    await setup({ 'a.txt': 'x\ny\n' });
    await h.call('read_file', { path: 'a.txt', start_line: 1, end_line: 1 });
    expect(h.text(await h.call('read_file', { path: 'a.txt' }))).toBe('1 | x\n2 | y\n\n(File has 2 lines total.)');
  });

  it('keys the cache by the lowercased absolute path', async () => {
    await setup({ 'Mixed.TXT': 'x' });
    await h.call('read_file', { path: 'Mixed.TXT' });
    expect(h.readCache.get(h.path('Mixed.TXT').toLowerCase())?.readCount).toBe(1);
  });

  it('does not reset the mistake count on a cache hit, but a fresh read does', async () => {
    await setup({ 'a.txt': 'x' });
    await h.call('read_file', { path: 'a.txt' });
    await h.call('read_file', { path: 'nope.txt' });
    expect(h.mistakes.count).toBe(1);
    await h.call('read_file', { path: 'a.txt' });
    expect(h.mistakes.count).toBe(1);
    await h.call('read_file', { path: 'b.txt' }).catch(() => undefined);
    await h.write('c.txt', 'y');
    await h.call('read_file', { path: 'c.txt' });
    expect(h.mistakes.count).toBe(0);
  });

  it('reads fresh when the file changed (mtime) since the last read', async () => {
    await setup({ 'a.txt': 'one' });
    await h.call('read_file', { path: 'a.txt' });
    await h.write('a.txt', 'two');
    const { utimes } = await import('node:fs/promises');
    await utimes(h.path('a.txt'), new Date(), new Date(Date.now() + 5000));
    const r = await h.call('read_file', { path: 'a.txt' });
    expect(h.text(r)).toBe('1 | two\n\n(File has 1 lines total.)');
    expect(h.readCache.get(h.path('a.txt'))?.readCount).toBe(1);
  });

  it('reads fresh after a write tool evicted the path', async () => {
    await setup({ 'a.txt': 'one' });
    await h.call('read_file', { path: 'a.txt' });
    h.readCache.delete(h.path('a.txt'));
    expect(h.text(await h.call('read_file', { path: 'a.txt' }))).toBe('1 | one\n\n(File has 1 lines total.)');
    expect(h.readCache.get(h.path('a.txt'))?.readCount).toBe(1);
  });
});

describe('read_file errors and kinds of file', () => {
  it('refuses a directory with advice', async () => {
    await setup({ 'dir/a.txt': 'x' });
    const r = await h.call('read_file', { path: 'dir' });
    expect(r.isError).toBe(true);
    expect(h.text(r)).toContain("'dir' is a directory. Use list_files");
    expect(h.mistakes.count).toBe(1);
  });

  it('refuses binary files (NUL bytes) with what to do instead', async () => {
    await setup({ 'lib.so': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0]) });
    const r = await h.call('read_file', { path: 'lib.so' });
    expect(r.isError).toBe(true);
    expect(r.code).toBe('QUIVER_ERR_FILE_BINARY');
    expect(h.text(r)).toContain('Error reading file: Cannot read text for file type: .so');
    expect(h.text(r)).toContain('execute_command');
  });

  it('reads CRLF files without \\r', async () => {
    await setup({ 'win.txt': 'one\r\ntwo\r\n' });
    expect(h.text(await h.call('read_file', { path: 'win.txt' }))).toBe('1 | one\n2 | two\n\n(File has 2 lines total.)');
    expect(h.text(await h.call('read_file', { path: 'win.txt', start_line: 2 }))).toContain('2 | two\n\n(File has 2 lines total.)');
  });

  it('decodes a Latin-1 file, whole and by range', async () => {
    await setup({ 'fr.txt': Buffer.from('Ça va? Où est la gare?\nTrès bien, café crème.\n', 'latin1') });
    expect(h.text(await h.call('read_file', { path: 'fr.txt' }))).toBe(
      '1 | Ça va? Où est la gare?\n2 | Très bien, café crème.\n\n(File has 2 lines total.)',
    );
    expect(h.text(await h.call('read_file', { path: 'fr.txt', start_line: 2, end_line: 2 }))).toContain('2 | Très bien, café crème.');
  });

  it('decodes a UTF-16 file with a BOM, whole and by range', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('first\r\nsecond\r\nthird', 'utf16le')]);
    await setup({ 'wide.txt': bytes });
    expect(h.text(await h.call('read_file', { path: 'wide.txt' }))).toBe('1 | first\n2 | second\n3 | third\n\n(File has 3 lines total.)');
    expect(h.text(await h.call('read_file', { path: 'wide.txt', start_line: 2, end_line: 2 }))).toContain(
      '2 | second\n\n(Showing lines 2-2 of 3 total.',
    );
  });

  it('ignores non-numeric line parameters and treats "0" as 1', async () => {
    await setup({ 'a.txt': 'a\nb\nc' });
    expect(h.text(await h.call('read_file', { path: 'a.txt', start_line: 'abc', end_line: 'xyz' }))).toBe(
      '1 | a\n2 | b\n3 | c\n\n(File has 3 lines total.)',
    );
    expect(h.text(await h.call('read_file', { path: 'a.txt', start_line: '0', end_line: '1' }))).toContain(
      '1 | a\n\n(Showing lines 1-1 of 3 total.',
    );
    expect(h.text(await h.call('read_file', { path: 'a.txt', start_line: 3, end_line: 1 }))).toContain('1 | a\n2 | b\n3 | c');
  });

  it('returns an empty file as empty text', async () => {
    await setup({ 'empty.txt': '' });
    const r = await h.call('read_file', { path: 'empty.txt' });
    expect(r.isError).toBe(false);
    expect(h.text(r)).toBe('');
  });

  it('shows a start past the end as the total only', async () => {
    await setup({ 'a.txt': 'a\nb\n' });
    expect(h.text(await h.call('read_file', { path: 'a.txt', start_line: 10 }))).toBe('\n\n(File has 2 lines total.)');
  });

  it('refuses a FIFO without waiting for a writer', async () => {
    await setup();
    execFileSync('mkfifo', [h.path('pipe')]);
    const r = await h.call('read_file', { path: 'pipe' });
    expect(r.isError).toBe(true);
    expect(h.text(r)).toContain("'pipe' is not a regular file");
  });

  it('does not count an ignored path as a mistake', async () => {
    await setup({ '.quiverignore': 'secret.txt\n', 'secret.txt': 'token' });
    const r = await h.call('read_file', { path: 'secret.txt' });
    expect(r.isError).toBe(true);
    expect(h.text(r)).not.toContain('token');
    expect(h.mistakes.count).toBe(0);
  });

  it('reads a path outside the workspace after external approval', async () => {
    const outside = await realpath(await mkdtemp(join(tmpdir(), 'quiver-outside-')));
    try {
      await writeFile(join(outside, 'notes.txt'), 'far away\n');
      await setup();
      const r = await h.call('read_file', { path: join(outside, 'notes.txt') });
      expect(h.text(r)).toBe('1 | far away\n\n(File has 1 lines total.)');
      expect(h.approvals.length).toBe(1);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('returns an image block, and again on a re-read (an image has no line count to point at)', async () => {
    // A 1x1 RGB PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
    await setup({ 'dot.png': png });
    const first = await h.call('read_file', { path: 'dot.png' });
    expect(first.content).toEqual([
      { type: 'text', text: 'Successfully read image' },
      { type: 'image', data: png.toString('base64'), mimeType: 'image/png' },
    ]);
    const again = await h.call('read_file', { path: 'dot.png' });
    expect(again.content[0]).toEqual({ type: 'text', text: 'Successfully read image' });
    expect(again.content[1]).toMatchObject({ type: 'image', mimeType: 'image/png' });
  });

  it('refuses a whole read over 20,480,000 bytes but reads it by range', async () => {
    const line = `${'z'.repeat(99)}\n`;
    await setup({ 'big.log': line.repeat(210_000) });
    const whole = await h.call('read_file', { path: 'big.log' });
    expect(whole.code).toBe('QUIVER_ERR_FILE_TOO_LARGE');
    expect(h.text(whole)).toContain('Error reading file: File is too large to read into context.');
    expect(h.text(whole)).toContain('Pass start_line and end_line');
    const part = await h.call('read_file', { path: 'big.log', start_line: 150_000, end_line: 150_001 });
    expect(h.text(part)).toMatch(/^150000 \| z{99}\n150001 \| z{99}\n\n\(Showing lines 150000-150001 of a 20\.0 MB file/);
  });

  it('describes itself and declares its contract', async () => {
    const [tool] = readFile.tools;
    expect(tool.getDescription({ name: 'read_file', params: { path: 'src/a.ts' }, partial: false })).toBe("[read_file for 'src/a.ts']");
    expect(tool.annotations).toMatchObject({ readOnly: true, idempotent: true });
    expect(tool.approval.category).toBe('read');
    expect(tool.paths).toEqual({ path: 'read' });
    expect(tool.required).toEqual(['path']);
  });
});
