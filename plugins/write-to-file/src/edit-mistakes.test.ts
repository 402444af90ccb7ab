import { createTestHarness, type TestHarness } from '@quiver/testing';
import { afterEach, describe, expect, it } from 'vitest';
import plugin from './index.js';
import { d, E, R, S } from './search-replace/construct-new-file-content.cases.js';

// SPEC §16.x.7
let h: TestHarness;
afterEach(async () => {
  await h?.dispose();
});

const badDiff = d(S, 'nothing like this', E, 'x', R);

describe('edit tools and the consecutive-mistake count', () => {
  it('does not reset at the start of a call, only after a save', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'a.txt': 'a\n' } });
    await h.call('replace_in_file', { path: 'a.txt', diff: badDiff });
    expect(h.mistakes.count).toBe(1);
    await h.call('replace_in_file', { path: 'a.txt', diff: badDiff });
    expect(h.mistakes.count).toBe(2);
    await h.call('replace_in_file', { path: 'a.txt', diff: d(S, 'a', E, 'b', R) });
    expect(h.mistakes.count).toBe(0);
  });

  it('counts one per diff error or missing path/diff/content, across tools, and trips at 3', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'a.txt': 'a\n' } });
    await h.call('replace_in_file', { path: 'a.txt', diff: badDiff });
    await h.call('write_to_file', { content: 'x' });
    expect(h.mistakes.limitReached).toBe(false);
    await h.call('replace_in_file', { path: 'a.txt' });
    expect(h.mistakes.count).toBe(3);
    expect(h.mistakes.limitReached).toBe(true);
  });

  it('never counts errors of partial blocks', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'a.txt': 'a\n' } });
    await h.partial('replace_in_file', { path: 'a.txt', diff: badDiff });
    await h.partial('write_to_file', { content: 'x' });
    expect(h.mistakes.count).toBe(0);
  });

  it('does not count a denied approval', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'a.txt': 'a\n' }, approve: false });
    await h.call('write_to_file', { path: 'a.txt', content: 'b' });
    expect(h.mistakes.count).toBe(0);
  });
});
