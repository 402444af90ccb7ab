import { readFile, readdir } from 'node:fs/promises';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import { afterEach, describe, expect, it } from 'vitest';
import plugin from './index.js';
import { d, E, R, S } from './search-replace/construct-new-file-content.cases.js';

let h: TestHarness;
afterEach(async () => {
  await h?.dispose();
});

async function bytes(rel: string): Promise<Buffer> {
  return readFile(h.path(rel));
}

describe('replace_in_file through the pipeline', () => {
  it('applies blocks and reports the saved content', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'a.ts': 'const a = 1;\nconst b = 2;\n' } });
    const r = await h.call('replace_in_file', { path: 'a.ts', diff: d(S, 'const b = 2;', E, 'const b = 3;', R) });
    expect(r.isError).toBe(false);
    expect(await readFile(h.path('a.ts'), 'utf8')).toBe('const a = 1;\nconst b = 3;\n');
    expect(h.text(r)).toContain('<final_file_content path="a.ts">\nconst a = 1;\nconst b = 3;\n\n</final_file_content>');
    expect(h.approvals[0]).toMatchObject({ tool: 'replace_in_file', category: 'edit' });
  });

  it('edits a CRLF file and writes it back with CRLF', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'win.txt': 'one\r\ntwo\r\nthree\r\n' } });
    const r = await h.call('replace_in_file', { path: 'win.txt', diff: d(S, 'two', E, 'TWO', 'two and a half', R) });
    expect(r.isError).toBe(false);
    expect(await readFile(h.path('win.txt'), 'utf8')).toBe('one\r\nTWO\r\ntwo and a half\r\nthree\r\n');
  });

  it('keeps a Markdown ===== underline inside a block as content', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'doc.md': 'Title\n=====\n\nText.\n' } });
    const r = await h.call('replace_in_file', { path: 'doc.md', diff: d(S, 'Title', '=====', E, 'New title', '=========', R) });
    expect(r.isError).toBe(false);
    expect(await readFile(h.path('doc.md'), 'utf8')).toBe('New title\n=========\n\nText.\n');
  });

  it('refuses overlapping blocks, leaves the file byte for byte unchanged, and counts a mistake', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'a.txt': 'a\r\nb\nc\n' } });
    const before = await bytes('a.txt');
    const r = await h.call('replace_in_file', { path: 'a.txt', diff: d(S, 'a', 'b', E, 'AB', R, S, 'b', 'c', E, 'BC', R) });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_EDIT_FAILED' });
    expect(h.text(r)).toContain('Blocks 1 and 2 overlap');
    expect(h.text(r)).toContain('The file was not changed');
    expect((await bytes('a.txt')).equals(before)).toBe(true);
    expect(await readdir(h.root)).toEqual(['a.txt']);
    expect(h.mistakes.count).toBe(1);
  });

  it('says which block failed, the closest lines and their line number', async () => {
    const file = 'function a() {\n  return 1;\n}\n\nfunction b() {\n  return 2;\n}\n';
    h = await createTestHarness({ plugins: [plugin], files: { 'f.js': file } });
    const r = await h.call('replace_in_file', {
      path: 'f.js',
      diff: d(S, 'function a() {', E, 'function aa() {', R, S, 'function b() {', '  return 3;', E, 'x', R),
    });
    const text = h.text(r);
    expect(text).toContain("Failed to edit 'f.js': Block 2 of 2 failed");
    expect(text).toContain('The closest match is at line 5');
    expect(text).toContain('First difference at line 6');
    expect(text).toContain(`<file_content path="f.js">\n${file}\n</file_content>`);
    expect(await readFile(h.path('f.js'), 'utf8')).toBe(file);
    expect(h.said.some((m) => m.type === 'diff_error')).toBe(true);
  });

  it('refuses an empty SEARCH on a non-empty file', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'a.txt': 'old\n' } });
    const r = await h.call('replace_in_file', { path: 'a.txt', diff: d(S, E, 'new', R) });
    expect(h.text(r)).toContain('Empty SEARCH block detected with non-empty file');
    expect(await readFile(h.path('a.txt'), 'utf8')).toBe('old\n');
  });

  it('creates a missing file from an empty SEARCH; a non-empty SEARCH on it is file-not-found', async () => {
    h = await createTestHarness({ plugins: [plugin] });
    const r = await h.call('replace_in_file', { path: 'n/new.txt', diff: d(S, 'x', E, 'y', R) });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_FILE_NOT_FOUND' });
    expect(await readdir(h.root)).toEqual([]);
    const r2 = await h.call('replace_in_file', { path: 'n/new.txt', diff: d(S, E, 'hello', R) });
    expect(r2.isError).toBe(false);
    expect(await readFile(h.path('n/new.txt'), 'utf8')).toBe('hello\n');
  });

  it('refuses a file that is not UTF-8', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'bin.dat': Buffer.from([0xff, 0xfe, 0x41, 0x0a]) } });
    const r = await h.call('replace_in_file', { path: 'bin.dat', diff: d(S, 'A', E, 'B', R) });
    expect(h.text(r)).toContain('is not UTF-8 text');
    expect((await bytes('bin.dat')).equals(Buffer.from([0xff, 0xfe, 0x41, 0x0a]))).toBe(true);
  });

  it('a blank diff is a missing parameter (pipeline)', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'a.txt': 'a' } });
    const r = await h.call('replace_in_file', { path: 'a.txt', diff: '  ' });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_PARAM_MISSING' });
    expect(h.mistakes.count).toBe(1);
  });
});
