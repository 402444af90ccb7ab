import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { rgPath } from '@vscode/ripgrep';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_OUTPUT_BYTES, SIZE_NOTICE, searchText } from './format-search-results.js';
import { searchDirectory, type SearchOutcome, type SearchRequest } from './search-directory.js';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function tree(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'quiver-sf-')));
  roots.push(root);
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), content);
  }
  return root;
}

async function run(root: string, regex: string, more: Partial<SearchRequest> = {}): Promise<SearchOutcome> {
  return searchDirectory({ rgPath, dir: root, regex, base: root, ...more });
}

async function text(root: string, regex: string, more: Partial<SearchRequest> = {}): Promise<string> {
  const outcome = await run(root, regex, more);
  if (!outcome.ok) throw new Error(outcome.error);
  return searchText(outcome.search);
}

describe('search output format (§7)', () => {
  it('prints one result with a line of context each side', async () => {
    const root = tree({ 'src/a.ts': 'one\ntwo TODO  \nthree\nfour\n' });
    expect(await text(root, 'TODO')).toBe('Found 1 result.\n\nsrc/a.ts\n1-one\n2:two TODO\n3-three');
  });

  it('numbers every line, separates distant results with -- and files with a blank line', async () => {
    const root = tree({ 'a.txt': 'x1\nhit A\nx3\nx4\nx5\nhit B\nx7\n', 'b.txt': 'hit C\n' });
    const out = await text(root, 'hit');
    expect(out.startsWith('Found 3 results.\n\n')).toBe(true);
    expect(out).toContain('a.txt\n1-x1\n2:hit A\n3-x3\n--\n5-x5\n6:hit B\n7-x7\n');
    expect(out).toContain('\n\nb.txt\n1:hit C');
  });

  it('runs two close matches together without a separator', async () => {
    const root = tree({ 'a.txt': 'hit 1\nmiddle\nhit 3\n' });
    expect(await text(root, 'hit')).toBe('Found 2 results.\n\na.txt\n1:hit 1\n2-middle\n3:hit 3');
  });

  it('says Found 0 results. when nothing matches', async () => {
    const root = tree({ 'a.txt': 'nothing\n' });
    expect(await text(root, 'absent')).toBe('Found 0 results.');
  });

  it('shows paths relative to the base, in POSIX form', async () => {
    const root = tree({ 'pkg/deep/x.md': 'needle\n' });
    expect(await text(join(root, 'pkg'), 'needle', { base: root })).toContain('pkg/deep/x.md\n1:needle');
  });
});

describe('ripgrep behaviour', () => {
  it("reports a bad regex with ripgrep's message", async () => {
    const root = tree({ 'a.txt': 'x\n' });
    const outcome = await run(root, 'foo(');
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toMatch(/regex parse error[\s\S]*unclosed group/);
  });

  it('reports a missing directory as an error', async () => {
    const root = tree({ 'a.txt': 'x\n' });
    const outcome = await run(join(root, 'nope'), 'x');
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toMatch(/does not exist/);
  });

  it('searches several ;-separated file patterns (#4013)', async () => {
    const root = tree({ 'App.csproj': '<Target/>\n', 'App.sln': 'Target\n', 'notes.md': 'Target\n' });
    const out = await text(root, 'Target', { filePattern: '*.csproj;*.sln' });
    expect(out.startsWith('Found 2 results.')).toBe(true);
    expect(out).toContain('App.csproj');
    expect(out).toContain('App.sln');
    expect(out).not.toContain('notes.md');
  });

  it("keeps rg's ignore rules: .gitignore (outside git too), hidden files, node_modules when ignored", async () => {
    const root = tree({
      '.gitignore': 'node_modules/\n*.log\n',
      'node_modules/x/i.js': 'needle\n',
      'debug.log': 'needle\n',
      '.hidden/h.txt': 'needle\n',
      'src/ok.ts': 'needle\n',
    });
    for (const filePattern of [undefined, '*']) {
      const out = await text(root, 'needle', { filePattern });
      expect(out).toBe('Found 1 result.\n\nsrc/ok.ts\n1:needle');
    }
  });

  it('leaves out files the ignore rules reject', async () => {
    const root = tree({ 'secret.env': 'KEY=needle\n', 'a.ts': 'needle\n' });
    const out = await text(root, 'needle', { isIgnored: (p) => p.endsWith('.env') });
    expect(out).toBe('Found 1 result.\n\na.ts\n1:needle');
  });
});

describe('caps', () => {
  it('shows the first 300 of 300+ results', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 400; i++) files[`f${String(i).padStart(3, '0')}.txt`] = 'needle\n';
    const out = await text(tree(files), 'needle');
    expect(out.startsWith('Showing first 300 of 300+ results. Use a more specific search if necessary.\n\n')).toBe(true);
    expect(out.match(/^1:needle$/gm)).toHaveLength(300);
  });

  it("says the count is partial when ripgrep's output was cut short", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 20; i++) files[`f${i}.txt`] = 'needle\n';
    const outcome = await run(tree(files), 'needle', { maxLines: 10 });
    expect(outcome.ok && outcome.search.more).toBe(true);
    expect(outcome.ok && outcome.search.header).toMatch(/^Showing first \d+ of \d+\+ results\./);
  });

  it('cuts the output at 0.25 MB with the notice', async () => {
    // Lines just under the display cut, so 200 results with their context pass 0.25 MB.
    const long = 'needle '.repeat(70);
    const gap = 'gap '.repeat(120);
    const lines = Array.from({ length: 600 }, (_, i) => (i % 3 === 0 ? long : gap)).join('\n');
    const out = await text(tree({ 'big.txt': `${lines}\n` }), 'needle');
    expect(out.endsWith(SIZE_NOTICE.trim())).toBe(true);
    expect(Buffer.byteLength(out)).toBeLessThan(MAX_OUTPUT_BYTES);
    expect(out.startsWith('Found 200 results.')).toBe(true);
  });
});

describe('cancellation', () => {
  it('kills rg and rejects when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(run(tree({ 'a.txt': 'x\n' }), 'x', { signal: controller.signal })).rejects.toMatchObject({
      code: 'QUIVER_ERR_TOOL_ABORTED',
    });
  });
});
