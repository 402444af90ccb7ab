import { mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import { afterEach, describe, expect, it } from 'vitest';
import listFilesPlugin from './index.js';
import { TRUNCATION_HINT } from './format-files-list.js';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

async function harness(files: Record<string, string>, more: Partial<Parameters<typeof createTestHarness>[0]> = {}): Promise<TestHarness> {
  h = await createTestHarness({ plugins: [listFilesPlugin], files, ...more });
  return h;
}

describe('list_files through the pipeline', () => {
  it('lists the top level, sorted, dotfiles and default folders included', async () => {
    const t = await harness({ 'b.txt': '', 'a/x.ts': '', '.env': '', 'node_modules/m/i.js': '' });
    const r = await t.call('list_files', { path: '.' });
    expect(r.isError).toBe(false);
    expect(t.text(r)).toBe('.env\nb.txt\na/\nnode_modules/');
  });

  it('lists recursively for true, "true" and "TRUE", and not for "false"', async () => {
    const t = await harness({ 'a/x.ts': '', 'top.md': '' });
    for (const recursive of [true, 'true', 'TRUE']) {
      expect(t.text(await t.call('list_files', { path: '.', recursive }))).toBe('top.md\na/\na/x.ts');
    }
    expect(t.text(await t.call('list_files', { path: '.', recursive: 'false' }))).toBe('top.md\na/');
  });

  it('honours nested .gitignore files and default skips when recursive', async () => {
    const t = await harness({
      '.gitignore': '*.log\n',
      'app.ts': '',
      'debug.log': '',
      'dist/b.js': '',
      '.github/ci.yml': '',
      'src/.gitignore': '/generated/\n!keep.log\n',
      'src/generated/g.ts': '',
      'src/keep.log': '',
      'src/x.log': '',
      'src/lib/generated/h.ts': '',
    });
    const text = t.text(await t.call('list_files', { path: '.', recursive: true }));
    expect(text.split('\n')).toEqual([
      '.gitignore',
      'app.ts',
      'src/',
      'src/.gitignore',
      'src/keep.log',
      'src/lib/',
      'src/lib/generated/',
      'src/lib/generated/h.ts',
    ]);
  });

  it('says No files found. for a missing directory, as a success that resets the mistake count', async () => {
    const t = await harness({ 'a.txt': '' });
    await t.call('list_files', {});
    expect(t.mistakes.count).toBe(1);
    const r = await t.call('list_files', { path: 'missing' });
    expect(r.isError).toBe(false);
    expect(t.text(r)).toBe('No files found.');
    expect(t.mistakes.count).toBe(0);
  });

  it('cuts at 200 entries with the hint', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 230; i++) files[`f${i}.txt`] = '';
    const t = await harness(files);
    const text = t.text(await t.call('list_files', { path: '.' }));
    expect(text.endsWith(`\n\n${TRUNCATION_HINT}\nFolders not fully shown, with their counts:\n./ 230 entries`)).toBe(true);
    expect(text.split('\n\n')[0].split('\n')).toHaveLength(200);
  });

  it('ends a cut recursive listing with the file count of each folder not fully shown', async () => {
    const files: Record<string, string> = { 'README.md': '', 'docs/a.md': '', 'docs/b.md': '' };
    for (let i = 0; i < 150; i++) files[`src/f${i}.ts`] = '';
    for (let i = 0; i < 120; i++) files[`test/unit/t${i}.ts`] = '';
    const t = await harness(files);
    const text = t.text(await t.call('list_files', { path: '.', recursive: true }));
    const [list, rest] = text.split(`\n\n${TRUNCATION_HINT}\n`);
    expect(list.split('\n')).toHaveLength(200);
    // Breadth-first: docs/ and src/ are complete; test/unit/ is shown, 43 of its files are not.
    expect(rest).toBe('Folders not fully shown (273 files in all), with the files below each:\ntest/unit/ 120 files');
  });

  it("names a folder whose own files were cut, and counts from the plugin's limit option", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 5; i++) files[`d${i}/x.ts`] = '';
    h = await createTestHarness({ plugins: [{ plugin: listFilesPlugin, options: { limit: 8 } }], files });
    const text = h.text(await h.call('list_files', { path: '.', recursive: true }));
    const rest = text.split(`\n\n${TRUNCATION_HINT}\n`)[1];
    // 5 folders and 3 of their 5 files are shown: two folders are not complete.
    expect(rest).toMatch(/^Folders not fully shown \(5 files in all\), with the files below each:\nd\d\/ 1 file\nd\d\/ 1 file$/);
  });
});

describe('ignore rules (P7)', () => {
  const files = { '.quiverignore': 'secrets/\n*.pem\n', 'secrets/token.txt': '', 'certs/a.pem': '', 'certs/readme.md': '', 'app.ts': '' };

  it('leaves ignored entries out of a listing (no lock marks)', async () => {
    const t = await harness(files);
    for (const recursive of [true, false]) {
      const text = t.text(await t.call('list_files', { path: '.', recursive }));
      expect(text).not.toMatch(/secrets|\.pem|token|🔒|\.quiverignore/);
      expect(text).toContain('app.ts');
    }
    expect(t.text(await t.call('list_files', { path: 'certs' }))).toBe('readme.md');
  });

  it('refuses to list an ignored directory before listing or asking, and counts a mistake', async () => {
    const t = await harness(files, { config: { approval: { readFiles: false } } });
    const r = await t.call('list_files', { path: 'secrets', recursive: true });
    expect(r.isError).toBe(true);
    expect(t.text(r)).toMatch(/blocked by the \.quiverignore/);
    expect(t.text(r)).not.toContain('token.txt');
    expect(t.approvals).toHaveLength(0);
    expect(t.mistakes.count).toBe(1);
  });
});

describe('approval before any filesystem work', () => {
  it('lists only after approval: a file created while the user decides is in the listing', async () => {
    const t = await harness(
      { 'a.txt': '' },
      {
        config: { approval: { readFiles: false } },
        approve: () => (writeFileSync(join(h!.root, 'made-during-approval.txt'), ''), true),
      },
    );
    const r = await t.call('list_files', { path: '.' });
    expect(t.approvals).toHaveLength(1);
    expect(t.text(r)).toBe('a.txt\nmade-during-approval.txt');
  });

  it('returns the denial and no listing when the user says no', async () => {
    const t = await harness({ 'a.txt': '' }, { config: { approval: { readFiles: false } }, approve: false });
    const r = await t.call('list_files', { path: '.' });
    expect(r.isError).toBe(true);
    expect(t.text(r)).toContain('The user denied this operation.');
    expect(t.text(r)).not.toContain('a.txt');
  });
});

describe('symlinks (P7)', () => {
  it('does not descend through a link that leads outside the workspace', async () => {
    const outside = realpathSync(mkdtempSync(join(tmpdir(), 'quiver-out-')));
    try {
      writeFileSync(join(outside, 'outside-secret.txt'), 'x');
      const t = await harness({ 'in/a.txt': '' });
      symlinkSync(outside, join(t.root, 'in/escape'));
      symlinkSync(join(t.root, 'in'), join(t.root, 'alias'));
      const text = t.text(await t.call('list_files', { path: '.', recursive: true }));
      expect(text).toContain('in/escape/');
      expect(text).not.toContain('outside-secret');
      expect(text).toContain('alias/a.txt');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
