import { chmod, readFile, readdir, stat } from 'node:fs/promises';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import { afterEach, describe, expect, it } from 'vitest';
import plugin from './index.js';

let h: TestHarness;
afterEach(async () => {
  await h?.dispose();
});

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
const read = (rel: string) => readFile(h.path(rel), 'utf8');

async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(h.root, { recursive: true })).sort()) {
    const st = await stat(h.path(name));
    if (st.isFile()) out[name] = await read(name);
  }
  return out;
}

describe('apply_patch through the pipeline (SPEC §16.x.6)', () => {
  it.each([
    ['wrapped', `%%bash\napply_patch <<"EOF"\n${P('*** Update File: f.txt', '@@', ' x', '-y', '+Y', ' z')}\nEOF`],
    ['unwrapped', P('*** Update File: f.txt', '@@', ' x', '-y', '+Y', ' z')],
  ])('%s update of x\\ny\\nz → x\\nY\\nz, with the final newline Codex adds', async (_name, input) => {
    h = await createTestHarness({ plugins: [plugin], files: { 'f.txt': 'x\ny\nz' } });
    const r = await h.call('apply_patch', { input });
    expect(r.isError).toBe(false);
    expect(await read('f.txt')).toBe('x\nY\nz\n');
    expect(h.text(r)).toBe(
      'Successfully applied patch to the following files:\n\n<final_file_content path="f.txt">\nx\nY\nz\n\n</final_file_content>',
    );
    expect(h.approvals[0]).toMatchObject({ tool: 'apply_patch', category: 'edit' });
  });

  it('only a Begin sentinel → incomplete sentinels, a mistake', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'f.txt': 'x' } });
    const r = await h.call('apply_patch', { input: '*** Begin Patch\n*** Delete File: f.txt' });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_PATCH_FAILED' });
    expect(h.text(r)).toContain('incomplete sentinels');
    expect(h.mistakes.count).toBe(1);
    expect(await read('f.txt')).toBe('x');
  });

  it('a fenced Add with an empty line', async () => {
    h = await createTestHarness({ plugins: [plugin] });
    await h.call('apply_patch', { input: '```\n' + P('*** Add File: new/hello.txt', '+hello', '+', '+world') + '\n```' });
    expect(await read('new/hello.txt')).toBe('hello\n\nworld\n');
  });

  it('loose context reports its fuzz', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'f.py': 'def foo(x):\n    return 1\n' } });
    const r = await h.call('apply_patch', { input: P('*** Update File: f.py', '@@', ' def foo(a):', '-    return 1', '+    return 2') });
    expect(await read('f.py')).toBe('def foo(x):\n    return 2\n');
    expect(h.text(r)).toContain('Note: Patch applied with fuzz factor 1000');
  });

  it('reverse-order hunks are reported (the baseline silently skipped one) and nothing changes', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'f.txt': 'x\ny\nz' } });
    const r = await h.call('apply_patch', { input: P('*** Update File: f.txt', '@@', ' y', '-z', '+Z', '@@', '-x', '+X', ' y') });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_PATCH_FAILED' });
    expect(h.text(r)).toContain('f.txt, hunk 2');
    expect(h.text(r)).toContain('before the previous hunk');
    expect(await read('f.txt')).toBe('x\ny\nz');
  });

  it('*** bogus → Invalid line', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'f.txt': 'x\ny' } });
    const r = await h.call('apply_patch', { input: P('*** Update File: f.txt', '@@', ' x', '*** bogus') });
    expect(h.text(r)).toContain('Invalid line: *** bogus');
  });

  it('blank lines in a hunk, before End and right after Update apply (no hang)', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'f.txt': 'a\n\nb\nc' } });
    const r = await h.call('apply_patch', { input: P('*** Update File: f.txt', '', ' a', '', '-b', '+B', '') });
    expect(r.isError).toBe(false);
    expect(await read('f.txt')).toBe('a\n\nB\nc\n');
  });

  it('a trailing Delete of a missing file → Delete File Error: Missing File', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'f.txt': 'x\ny' } });
    const r = await h.call('apply_patch', { input: '*** Update File: f.txt\n@@\n-x\n+X\n*** Delete File: a.py' });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_FILE_NOT_FOUND' });
    expect(h.text(r)).toContain('Delete File Error: Missing File: a.py');
    expect(await read('f.txt')).toBe('x\ny');
  });
});

describe('apply_patch: all or nothing (SPEC Part A)', () => {
  const files = { 'one.txt': 'one\n', 'two.txt': 'two\n', 'three.txt': 'three\n', 'gone.txt': 'bye\n' };

  it('a patch failing on its third file leaves the first two untouched', async () => {
    h = await createTestHarness({ plugins: [plugin], files });
    const before = await snapshot();
    const r = await h.call('apply_patch', {
      input: P(
        '*** Update File: one.txt',
        '@@',
        '-one',
        '+ONE',
        '*** Update File: two.txt',
        '@@',
        '-two',
        '+TWO',
        '*** Update File: three.txt',
        '@@',
        '-no such line',
        '+x',
        '*** Delete File: gone.txt',
      ),
    });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_PATCH_FAILED' });
    expect(h.text(r)).toContain('three.txt, hunk 1');
    expect(h.text(r)).toContain('no file was changed');
    expect(await snapshot()).toEqual(before);
    expect(h.mistakes.count).toBe(1);
  });

  it('reports every failing hunk across files', async () => {
    h = await createTestHarness({ plugins: [plugin], files });
    const r = await h.call('apply_patch', {
      input: P(
        '*** Update File: one.txt',
        '@@',
        '-nope',
        '+x',
        '*** Update File: two.txt',
        '@@',
        '-two',
        '+TWO',
        '*** Update File: three.txt',
        '@@',
        '-nah',
        '+y',
      ),
    });
    expect(h.text(r)).toContain('2 hunks could not be applied');
    expect(h.text(r)).toContain('1. one.txt, hunk 1');
    expect(h.text(r)).toContain('2. three.txt, hunk 1');
    expect(await read('two.txt')).toBe('two\n');
  });

  it('applies add, update, move and delete together, keeping modes and CRLF', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { ...files, 'win.txt': 'a\r\nb\r\nc\r\n', 'run.sh': 'echo 1\n' } });
    await chmod(h.path('run.sh'), 0o755);
    const r = await h.call('apply_patch', {
      input: P(
        '*** Add File: src/new.txt',
        '+new',
        '*** Update File: win.txt',
        '@@',
        ' a',
        '-b',
        '+B',
        ' c',
        '*** Update File: run.sh',
        '@@',
        '-echo 1',
        '+echo 2',
        '*** Update File: one.txt',
        '*** Move to: moved/one.txt',
        '@@',
        '-one',
        '+uno',
        '*** Delete File: gone.txt',
      ),
    });
    expect(r.isError).toBe(false);
    expect(await read('src/new.txt')).toBe('new\n');
    expect(await read('win.txt')).toBe('a\r\nB\r\nc\r\n');
    expect(await read('run.sh')).toBe('echo 2\n');
    expect((await stat(h.path('run.sh'))).mode & 0o777).toBe(0o755);
    expect(await read('moved/one.txt')).toBe('uno\n');
    const names = (await readdir(h.root)).sort();
    expect(names).not.toContain('one.txt');
    expect(names).not.toContain('gone.txt');
    const text = h.text(r);
    expect(text).toContain('\none.txt: [deleted]');
    expect(text).toContain('\ngone.txt: [deleted]');
    expect(text).toContain('<final_file_content path="moved/one.txt">\nuno\n\n</final_file_content>');
  });

  it('Add onto an existing file, and Move onto one, are errors', async () => {
    h = await createTestHarness({ plugins: [plugin], files });
    const before = await snapshot();
    const r = await h.call('apply_patch', { input: P('*** Add File: one.txt', '+x') });
    expect(h.text(r)).toContain('Add File Error: File already exists: one.txt');
    const r2 = await h.call('apply_patch', { input: P('*** Update File: one.txt', '*** Move to: two.txt', '@@', '-one', '+1') });
    expect(h.text(r2)).toContain('Move Error: File already exists: two.txt');
    expect(await snapshot()).toEqual(before);
  });

  it('Update of a missing file is an error', async () => {
    h = await createTestHarness({ plugins: [plugin] });
    const r = await h.call('apply_patch', { input: P('*** Update File: nope.txt', '@@', '-a', '+b') });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_FILE_NOT_FOUND' });
  });

  it('nothing is touched before approval, and nothing after a denial', async () => {
    h = await createTestHarness({ plugins: [plugin], files, approve: false });
    const before = await snapshot();
    const r = await h.call('apply_patch', { input: P('*** Delete File: gone.txt', '*** Update File: one.txt', '@@', '-one', '+ONE') });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_APPROVAL_DENIED' });
    expect(await snapshot()).toEqual(before);
    expect(h.mistakes.count).toBe(0);
  });

  it('evicts the read cache of every changed path', async () => {
    h = await createTestHarness({ plugins: [plugin], files });
    h.readCache.set(h.path('one.txt'), { readCount: 1, mtimeMs: 1 });
    h.readCache.set(h.path('gone.txt'), { readCount: 1, mtimeMs: 1 });
    await h.call('apply_patch', { input: P('*** Update File: one.txt', '@@', '-one', '+ONE', '*** Delete File: gone.txt') });
    expect(h.readCache.size).toBe(0);
  });

  it('a success resets the mistake count', async () => {
    h = await createTestHarness({ plugins: [plugin], files });
    await h.call('apply_patch', { input: P('*** Update File: one.txt', '@@', '-zzz', '+x') });
    expect(h.mistakes.count).toBe(1);
    await h.call('apply_patch', { input: P('*** Update File: one.txt', '@@', '-one', '+ONE') });
    expect(h.mistakes.count).toBe(0);
  });
});

describe('apply_patch: every path goes through the workspace and ignore gates', () => {
  it('refuses a path outside every root', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'a.txt': 'a' } });
    const r = await h.call('apply_patch', { input: P('*** Update File: a.txt', '@@', '-a', '+b', '*** Add File: ../escape.txt', '+x') });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_PATH_OUTSIDE' });
    expect(await read('a.txt')).toBe('a');
    expect(await readdir(`${h.root}/..`)).not.toContain('escape.txt');
  });

  it('refuses an ignored path without counting a mistake', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { '.quiverignore': 'secret.txt\n', 'secret.txt': 's', 'a.txt': 'a' } });
    const r = await h.call('apply_patch', {
      input: P('*** Update File: a.txt', '@@', '-a', '+b', '*** Update File: secret.txt', '@@', '-s', '+t'),
    });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_PATH_IGNORED' });
    expect(h.text(r)).toContain('Access denied: secret.txt');
    expect(await read('secret.txt')).toBe('s');
    expect(await read('a.txt')).toBe('a');
    expect(h.mistakes.count).toBe(0);
  });

  it('refuses writes under .git/ (P6)', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { '.git/HEAD': 'ref' } });
    const r = await h.call('apply_patch', { input: P('*** Add File: .git/hooks/pre-commit', '+evil') });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_PATH_PROTECTED' });
    expect(await readdir(h.path('.git'))).toEqual(['HEAD']);
  });

  it('refuses a malformed path (P2)', async () => {
    h = await createTestHarness({ plugins: [plugin] });
    const r = await h.call('apply_patch', { input: P('*** Add File: C:\\x.txt', '+x') });
    expect(r).toMatchObject({ isError: true, code: 'QUIVER_ERR_PATH_MALFORMED' });
  });
});
