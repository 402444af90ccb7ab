import { mkdir, readFile, readdir, symlink } from 'node:fs/promises';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import { afterEach, describe, expect, it } from 'vitest';
import plugin from './index.js';

let h: TestHarness;
afterEach(async () => {
  await h?.dispose();
});

const RULE = '## Brief overview\nUse pnpm.\n';

describe('new_rule through the pipeline', () => {
  it('writes below .quiverrules/', async () => {
    h = await createTestHarness({ plugins: [plugin] });
    const r = await h.call('new_rule', { path: '.quiverrules/pnpm.md', content: RULE });
    expect(r.isError).toBe(false);
    expect(await readFile(h.path('.quiverrules/pnpm.md'), 'utf8')).toBe(RULE);
    expect(h.approvals[0]).toMatchObject({ tool: 'new_rule', category: 'edit' });
  });

  it('refuses any other path, writes nothing, counts a mistake', async () => {
    h = await createTestHarness({ plugins: [plugin] });
    for (const path of ['src/rule.md', '.quiverrules', 'notes/.quiverrules/x.md', '.clinerules/x.md']) {
      const r = await h.call('new_rule', { path, content: RULE });
      expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_PARAM_INVALID' });
      expect(h.text(r)).toContain('new_rule only writes rule files');
    }
    expect(await readdir(h.root)).toEqual([]);
    expect(h.mistakes.count).toBe(4);
  });

  it('writes below .clinerules/ when that folder exists', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { '.clinerules/old.md': 'x' } });
    const r = await h.call('new_rule', { path: '.clinerules/new.md', content: RULE });
    expect(r.isError).toBe(false);
    expect(await readFile(h.path('.clinerules/new.md'), 'utf8')).toBe(RULE);
  });

  it('judges the physical path: a symlinked rules folder cannot redirect the write', async () => {
    h = await createTestHarness({ plugins: [plugin] });
    await mkdir(h.path('src'));
    await symlink(h.path('src'), h.path('.quiverrules'));
    const r = await h.call('new_rule', { path: '.quiverrules/x.ts', content: 'x' });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_PARAM_INVALID' });
    expect(await readdir(h.path('src'))).toEqual([]);
  });

  it('requires non-blank content (pipeline)', async () => {
    h = await createTestHarness({ plugins: [plugin] });
    const r = await h.call('new_rule', { path: '.quiverrules/a.md', content: '' });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_PARAM_MISSING' });
  });
});
