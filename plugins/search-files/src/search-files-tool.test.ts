import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { rgPath } from '@vscode/ripgrep';
import { createTestHarness, type TestHarness, type TestHarnessOptions } from '@quiver/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import searchFilesPlugin from './index.js';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

const scratch = mkdtempSync(join(tmpdir(), 'quiver-rgwrap-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function harness(files: Record<string, string>, more: Partial<TestHarnessOptions> = {}): Promise<TestHarness> {
  h = await createTestHarness({ plugins: [searchFilesPlugin], files, ...more });
  return h;
}

function put(root: string, rel: string, content: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), content);
}

/** A wrapper around the real rg that leaves a marker when it runs. */
function recordingRg(name: string): { path: string; marker: string } {
  const marker = join(scratch, `${name}.ran`);
  const path = join(scratch, `${name}.sh`);
  writeFileSync(path, `#!/bin/sh\ntouch '${marker}'\nexec '${rgPath}' "$@"\n`);
  chmodSync(path, 0o755);
  return { path, marker };
}

describe('search_files through the pipeline', () => {
  it('returns the baseline format', async () => {
    const t = await harness({ 'src/a.ts': 'const a = 1;\n// TODO: fix\nexport {};\n' });
    const r = await t.call('search_files', { path: '.', regex: 'TODO' });
    expect(r.isError).toBe(false);
    expect(t.text(r)).toBe('Found 1 result.\n\nsrc/a.ts\n1-const a = 1;\n2:// TODO: fix\n3-export {};');
    expect(t.mistakes.count).toBe(0);
  });

  it('describes the call with the regex and the pattern', async () => {
    const { searchFilesTool } = await import('./search-files-tool.js');
    expect(
      searchFilesTool.getDescription({ name: 'search_files', params: { path: '.', regex: 're', file_pattern: '*.ts' }, partial: false }),
    ).toBe("[search_files for 're' in '*.ts']");
  });

  it('searches several file patterns at once', async () => {
    const t = await harness({ 'App.csproj': 'Target\n', 'App.sln': 'Target\n', 'x.md': 'Target\n' });
    const text = t.text(await t.call('search_files', { path: '.', regex: 'Target', file_pattern: '*.csproj;*.sln' }));
    expect(text.startsWith('Found 2 results.')).toBe(true);
    expect(text).not.toContain('x.md');
  });

  it("reports a bad regex as an error with rg's message, counting a mistake", async () => {
    const t = await harness({ 'a.txt': 'x\n' });
    const r = await t.call('search_files', { path: '.', regex: '(unclosed' });
    expect(r.isError).toBe(true);
    expect(r.code).toBe('QUIVER_ERR_SEARCH_FAILED');
    expect(t.text(r)).toMatch(/regex parse error[\s\S]*unclosed group/);
    expect(t.mistakes.count).toBe(1);
  });

  it('reports a missing directory as an error', async () => {
    const t = await harness({ 'a.txt': 'x\n' });
    const r = await t.call('search_files', { path: 'nope', regex: 'x' });
    expect(r.isError).toBe(true);
    expect(t.text(r)).toMatch(/does not exist/);
  });

  it('needs both path and regex', async () => {
    const t = await harness({ 'a.txt': 'x\n' });
    const r = await t.call('search_files', { path: '.' });
    expect(r.isError).toBe(true);
    expect(t.text(r)).toMatch(/regex/);
    expect(t.mistakes.count).toBe(1);
  });
});

describe('ignore rules', () => {
  const files = { '.quiverignore': 'secrets/\n*.env\n', 'secrets/key.txt': 'needle\n', 'prod.env': 'needle\n', 'app.ts': 'needle\n' };

  it('leaves out results from ignored files', async () => {
    const t = await harness(files);
    expect(t.text(await t.call('search_files', { path: '.', regex: 'needle' }))).toBe('Found 1 result.\n\napp.ts\n1:needle');
  });

  it('refuses to search an ignored directory, before rg runs or approval is asked', async () => {
    const rg = recordingRg('ignored');
    const t = await harness(files, {
      plugins: [{ plugin: searchFilesPlugin, options: { ripgrepPath: rg.path } }],
      config: { approval: { readFiles: false } },
    });
    const r = await t.call('search_files', { path: 'secrets', regex: 'needle' });
    expect(r.isError).toBe(true);
    expect(t.text(r)).toMatch(/blocked by the \.quiverignore/);
    expect(t.approvals).toHaveLength(0);
    expect(existsSync(rg.marker)).toBe(false);
  });
});

describe('approval before any filesystem work', () => {
  it('runs rg only after approval', async () => {
    const rg = recordingRg('approved');
    const t = await harness(
      { 'a.txt': 'needle\n' },
      {
        plugins: [{ plugin: searchFilesPlugin, options: { ripgrepPath: rg.path } }],
        config: { approval: { readFiles: false } },
        approve: () => {
          expect(existsSync(rg.marker)).toBe(false);
          writeFileSync(join(h!.root, 'b.txt'), 'needle\n');
          return true;
        },
      },
    );
    const text = t.text(await t.call('search_files', { path: '.', regex: 'needle' }));
    expect(existsSync(rg.marker)).toBe(true);
    expect(text.startsWith('Found 2 results.')).toBe(true);
  });

  it('never runs rg when the user says no', async () => {
    const rg = recordingRg('denied');
    const t = await harness(
      { 'a.txt': 'needle\n' },
      {
        plugins: [{ plugin: searchFilesPlugin, options: { ripgrepPath: rg.path } }],
        config: { approval: { readFiles: false } },
        approve: false,
      },
    );
    const r = await t.call('search_files', { path: '.', regex: 'needle' });
    expect(t.text(r)).toContain('The user denied this operation.');
    expect(existsSync(rg.marker)).toBe(false);
  });
});

describe('several workspace roots', () => {
  it('searches every root without a hint, one section each', async () => {
    const t = await harness({ 'src/a.ts': 'needle\n' }, { extraRoots: ['other', 'empty'] });
    put(t.roots.other, 'src/b.ts', 'needle one\nneedle two\n');
    put(t.roots.empty, 'src/c.ts', 'nothing\n');
    const text = t.text(await t.call('search_files', { path: 'src', regex: 'needle' }));
    expect(text).toBe(
      'Found 3 results across 3 workspaces.\n\n' +
        '## Workspace: workspace\nsrc/a.ts\n1:needle\n\n' +
        '## Workspace: other\nsrc/b.ts\n1:needle one\n2:needle two',
    );
  });

  it('searches only the hinted root', async () => {
    const t = await harness({ 'a.ts': 'needle\n' }, { extraRoots: ['other'] });
    put(t.roots.other, 'b.ts', 'needle\n');
    expect(t.text(await t.call('search_files', { path: '@other:.', regex: 'needle' }))).toBe('Found 1 result.\n\nb.ts\n1:needle');
  });

  it("checks the path in every other root as the gate does: a root's ignore rules and a link out of it leave that root out", async () => {
    const t = await harness({ 'src/a.ts': 'needle\n' }, { extraRoots: ['other', 'linked'] });
    put(t.roots.other, '.quiverignore', 'src/\n');
    put(t.roots.other, 'src/secret.ts', 'needle secret\n');
    const outside = mkdtempSync(join(tmpdir(), 'quiver-search-outside-'));
    try {
      put(outside, 'x.ts', 'needle outside\n');
      symlinkSync(outside, join(t.roots.linked, 'src'));
      const r = await t.call('search_files', { path: 'src', regex: 'needle' });
      const text = t.text(r);
      expect(text).toContain('## Workspace: workspace\nsrc/a.ts\n1:needle');
      expect(text).not.toContain('secret');
      expect(text).not.toContain('outside');
      expect(r.isError).toBe(false);
      // Where no root can be searched, each root's refusal is the gate's own words.
      put(t.roots.other, 'only-other/.keep', '');
      put(t.roots.other, '.quiverignore', 'src/\nonly-other/\n');
      const none = await t.call('search_files', { path: 'only-other', regex: 'needle' });
      expect(none.isError).toBe(true);
      expect(t.text(none)).toMatch(/other: Access to only-other is blocked by the \.quiverignore file settings/);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('skips roots without the directory, and fails only when every root fails', async () => {
    const t = await harness({ 'only-here/a.ts': 'needle\n' }, { extraRoots: ['other'] });
    expect(t.text(await t.call('search_files', { path: 'only-here', regex: 'needle' }))).toContain('Found 1 result across 2 workspaces.');
    const r = await t.call('search_files', { path: 'nowhere', regex: 'needle' });
    expect(r.isError).toBe(true);
    expect(t.text(r)).toMatch(/workspace: [\s\S]*other: /);
  });
});
