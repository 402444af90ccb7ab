// word_count through the real pipeline, as a host runs it: validation, the path gates,
// approval, then execute().
import { afterEach, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import wordCount from './index.js';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

describe('word_count', () => {
  it('counts a workspace file', async () => {
    h = await createTestHarness({ plugins: [wordCount], files: { 'notes/a.md': 'one two\nthree\n' } });
    const result = await h.call('word_count', { path: 'notes/a.md' });
    expect(result.isError).toBe(false);
    expect(h.text(result)).toBe('notes/a.md: 2 lines, 3 words, 14 characters');
  });

  it('asks for approval in the read category, and a denial stops it', async () => {
    h = await createTestHarness({
      plugins: [wordCount],
      files: { 'a.txt': 'x\n' },
      config: { approval: { readFiles: false } },
      approve: false,
    });
    const result = await h.call('word_count', { path: 'a.txt' });
    expect(result.isError).toBe(true);
    expect(h.approvals).toHaveLength(1);
  });

  it('is auto-approved when reading files is', async () => {
    h = await createTestHarness({
      plugins: [wordCount],
      files: { 'a.txt': 'x\n' },
      config: { approval: { readFiles: true } },
      approve: false,
    });
    expect((await h.call('word_count', { path: 'a.txt' })).isError).toBe(false);
    expect(h.approvals).toHaveLength(0);
  });

  it('a missing path parameter is reported before execute runs, and counts a mistake', async () => {
    h = await createTestHarness({ plugins: [wordCount] });
    const result = await h.call('word_count', {});
    expect(result.isError).toBe(true);
    expect(h.text(result)).toContain('path');
    expect(h.mistakes.count).toBe(1);
  });

  it('a folder or a missing file is an error that says what to do', async () => {
    h = await createTestHarness({ plugins: [wordCount], files: { 'dir/a.txt': 'x' } });
    for (const path of ['dir', 'nope.txt']) {
      const result = await h.call('word_count', { path });
      expect(result.isError).toBe(true);
      expect(h.text(result)).toContain('Call word_count with the path of a file');
    }
  });

  it('files in .quiverignore are refused by the gates', async () => {
    h = await createTestHarness({ plugins: [wordCount], files: { '.quiverignore': 'secret.txt\n', 'secret.txt': 'classified\n' } });
    const result = await h.call('word_count', { path: 'secret.txt' });
    expect(result.isError).toBe(true);
    expect(h.text(result)).toContain('.quiverignore');
  });

  it('honours the maxBytes plugin option', async () => {
    h = await createTestHarness({ plugins: [{ plugin: wordCount, options: { maxBytes: 4 } }], files: { 'big.txt': 'way too long\n' } });
    const result = await h.call('word_count', { path: 'big.txt' });
    expect(result.isError).toBe(true);
    expect(h.text(result)).toContain('maxBytes');
  });

  it('a bad maxBytes is a config error naming the plugin and the key, before any call', async () => {
    await expect(createTestHarness({ plugins: [{ plugin: wordCount, options: { maxBytes: 'big' } }] })).rejects.toMatchObject({
      code: 'QUIVER_ERR_CONFIG_INVALID',
      plugin: 'quiver-tool-word-count',
    });
  });
});
