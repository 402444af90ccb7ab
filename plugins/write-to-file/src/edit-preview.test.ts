import { readdir, readFile } from 'node:fs/promises';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import { afterEach, describe, expect, it } from 'vitest';
import plugin from './index.js';
import { d, E, S } from './search-replace/construct-new-file-content.cases.js';

let h: TestHarness;
afterEach(async () => {
  await h?.dispose();
});

describe('live previews of partial blocks', () => {
  it('write_to_file previews the content so far and writes nothing', async () => {
    h = await createTestHarness({ plugins: [plugin] });
    await h.partial('write_to_file', { path: 'a.ts', content: 'const a' });
    expect(h.ui.previews).toEqual([
      { tool: 'write_to_file', path: 'a.ts', absolutePath: h.path('a.ts'), original: '', content: 'const a', final: false },
    ]);
    expect(await readdir(h.root)).toEqual([]);
  });

  it('replace_in_file previews the diff applied so far', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'a.txt': 'a\nb\nc\nd' } });
    await h.partial('replace_in_file', { path: 'a.txt', diff: d(S, 'b', E, 'B1', 'B2') });
    expect(h.ui.previews.at(-1)).toMatchObject({ original: 'a\nb\nc\nd', content: 'a\nB1\nB2\n', final: false });
    expect(await readFile(h.path('a.txt'), 'utf8')).toBe('a\nb\nc\nd');
  });

  it('a complete call ends with a final preview', async () => {
    h = await createTestHarness({ plugins: [plugin] });
    await h.call('write_to_file', { path: 'a.txt', content: 'x' });
    expect(h.ui.previews.at(-1)).toMatchObject({ path: 'a.txt', content: 'x', final: true });
  });

  it('does not preview ignored, external or unfinished paths', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { '.quiverignore': 'secret.txt\n', 'secret.txt': 'top secret' } });
    await h.partial('write_to_file', { path: 'secret.txt', content: 'x' });
    await h.partial('replace_in_file', { path: 'secret.txt', diff: d(S, 'top', E, 'x') });
    await h.partial('write_to_file', { path: '../outside.txt', content: 'x' });
    await h.partial('write_to_file', { path: 'a.txt' });
    expect(h.ui.previews).toEqual([]);
  });

  it('does not preview new_rule outside the rules folder', async () => {
    h = await createTestHarness({ plugins: [plugin] });
    await h.partial('new_rule', { path: 'src/x.md', content: 'x' });
    expect(h.ui.previews).toEqual([]);
    await h.partial('new_rule', { path: '.quiverrules/x.md', content: '## Brief' });
    expect(h.ui.previews).toHaveLength(1);
  });
});
