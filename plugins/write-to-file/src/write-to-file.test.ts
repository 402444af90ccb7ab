import { chmod, readFile, readdir, stat } from 'node:fs/promises';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import { afterEach, describe, expect, it } from 'vitest';
import plugin from './index.js';

let h: TestHarness;
afterEach(async () => {
  await h?.dispose();
});

describe('write_to_file through the pipeline', () => {
  it('creates a file with missing folders, asks for edit approval, and reports the saved content', async () => {
    h = await createTestHarness({ plugins: [plugin] });
    const r = await h.call('write_to_file', { path: 'src/deep/a.ts', content: 'export const a = 1;\n' });
    expect(r.isError).toBe(false);
    expect(await readFile(h.path('src/deep/a.ts'), 'utf8')).toBe('export const a = 1;\n');
    expect(h.approvals).toHaveLength(1);
    expect(h.approvals[0]).toMatchObject({ tool: 'write_to_file', category: 'edit', path: h.path('src/deep/a.ts') });
    const text = h.text(r);
    expect(text).toMatch(/^The content was successfully saved to src\/deep\/a\.ts\./);
    expect(text).toContain('<final_file_content path="src/deep/a.ts">\nexport const a = 1;\n\n</final_file_content>');
    expect(text).toContain('IMPORTANT: For any future changes to this file, use the final_file_content shown above');
  });

  it('replaces a file, keeps its mode, and keeps content untrimmed', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'run.sh': 'old' } });
    await chmod(h.path('run.sh'), 0o750);
    await h.call('write_to_file', { path: 'run.sh', content: '\n#!/bin/sh\necho hi\n\n' });
    expect(await readFile(h.path('run.sh'), 'utf8')).toBe('\n#!/bin/sh\necho hi\n\n');
    expect((await stat(h.path('run.sh'))).mode & 0o777).toBe(0o750);
    expect(await readdir(h.root)).toEqual(['run.sh']);
  });

  it('writes an empty file for empty content', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'a.txt': 'x' } });
    const r = await h.call('write_to_file', { path: 'a.txt', content: '' });
    expect(r.isError).toBe(false);
    expect(await readFile(h.path('a.txt'), 'utf8')).toBe('');
  });

  it('strips only a fence that wraps the whole content', async () => {
    h = await createTestHarness({ plugins: [plugin] });
    await h.call('write_to_file', { path: 'a.py', content: '```python\nprint(1)\n```' });
    expect(await readFile(h.path('a.py'), 'utf8')).toBe('print(1)\n');
    const md = '# Usage\n\n```sh\nnpm test\n```\n';
    await h.call('write_to_file', { path: 'README.md', content: md });
    expect(await readFile(h.path('README.md'), 'utf8')).toBe(md);
  });

  it('applies the content fixes for a non-Claude model (no model id)', async () => {
    h = await createTestHarness({ plugins: [plugin] });
    await h.call('write_to_file', { path: 'a.ts', content: 'if (x &gt; 5) {}\n' });
    expect(await readFile(h.path('a.ts'), 'utf8')).toBe('if (x > 5) {}\n');
    await h.call('write_to_file', { path: 'a.xml', content: '<a>&lt;b&gt;</a>\n' });
    expect(await readFile(h.path('a.xml'), 'utf8')).toBe('<a>&lt;b&gt;</a>\n');
  });

  it('keeps a BOM the file had', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'a.txt': '\uFEFFold\n' } });
    await h.call('write_to_file', { path: 'a.txt', content: 'new\n' });
    expect(await readFile(h.path('a.txt'), 'utf8')).toBe('\uFEFFnew\n');
  });

  it('accepts absolutePath as an alias of path', async () => {
    h = await createTestHarness({ plugins: [plugin] });
    const r = await h.call('write_to_file', { absolutePath: 'b.txt', content: 'b' });
    expect(r.isError).toBe(false);
    expect(await readFile(h.path('b.txt'), 'utf8')).toBe('b');
    expect(h.text(r)).toContain('successfully saved to b.txt');
  });

  it('without path or absolutePath: missing-parameter error, a mistake, nothing written', async () => {
    h = await createTestHarness({ plugins: [plugin] });
    const r = await h.call('write_to_file', { content: 'x' });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_PARAM_MISSING' });
    expect(h.text(r)).toContain("Missing value for required parameter 'path'");
    expect(h.mistakes.count).toBe(1);
    expect(await readdir(h.root)).toEqual([]);
  });

  it('writes nothing when the user denies approval', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'a.txt': 'keep' }, approve: false });
    const r = await h.call('write_to_file', { path: 'a.txt', content: 'new' });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_APPROVAL_DENIED' });
    expect(await readFile(h.path('a.txt'), 'utf8')).toBe('keep');
    const r2 = await h.call('write_to_file', { path: 'b.txt', content: 'new' });
    expect(r2.isError).toBe(true);
    expect(await readdir(h.root)).toEqual(['a.txt']);
  });

  it('evicts the read cache entry of the written file', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'A.txt': 'x' } });
    h.readCache.set(h.path('A.txt'), { readCount: 2, mtimeMs: 1 });
    await h.call('write_to_file', { path: 'A.txt', content: 'y' });
    expect(h.readCache.get(h.path('A.txt'))).toBeUndefined();
  });

  it('is refused by the ignore rules and protected paths before anything is written', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { '.quiverignore': 'secret.txt\n', '.git/HEAD': 'ref' } });
    const r = await h.call('write_to_file', { path: 'secret.txt', content: 'x' });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_PATH_IGNORED' });
    const r2 = await h.call('write_to_file', { path: '.git/config', content: 'x' });
    expect(r2).toMatchObject({ isError: true, code: 'QUIVER_ERR_PATH_PROTECTED' });
    expect((await readdir(h.root)).sort()).toEqual(['.git', '.quiverignore']);
    expect(h.approvals).toHaveLength(0);
  });

  it('refuses a directory', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'd/x': '' } });
    const r = await h.call('write_to_file', { path: 'd', content: 'x' });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_EDIT_FAILED' });
    expect(h.text(r)).toContain("'d' is a directory");
  });
});
