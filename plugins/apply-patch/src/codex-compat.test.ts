// apply_patch on the points where Codex's own apply-patch scenarios (openai/codex
// codex-rs/apply-patch/tests/fixtures/scenarios) define the format: End of File anchoring,
// context-free hunks, final newlines, indented headers, heredoc quotes. Through the pipeline.
import { readFile } from 'node:fs/promises';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import { afterEach, describe, expect, it } from 'vitest';
import plugin from './index.js';

let h: TestHarness;
afterEach(async () => {
  await h?.dispose();
});

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
const read = (p: string) => readFile(h.path(p), 'utf8');

async function patch(files: Record<string, string>, input: string) {
  h = await createTestHarness({ plugins: [plugin], files });
  return h.call('apply_patch', { input });
}

describe('apply_patch follows the Codex format', () => {
  it('a context-free hunk (only + lines) is appended at the end of the file (scenario 016)', async () => {
    const r = await patch({ 'input.txt': 'line1\nline2\n' }, P('*** Update File: input.txt', '@@', '+added line 1', '+added line 2'));
    expect(r.isError).toBe(false);
    expect(await read('input.txt')).toBe('line1\nline2\nadded line 1\nadded line 2\n');
  });

  it('a context-free hunk with *** End of File goes at the end too', async () => {
    await patch({ 'tail.txt': 'a\nb\n' }, P('*** Update File: tail.txt', '@@', '+c', '*** End of File'));
    expect(await read('tail.txt')).toBe('a\nb\nc\n');
  });

  it('*** End of File anchors a hunk with context at the end (scenario 022)', async () => {
    await patch(
      { 'tail.txt': 'first\nsecond\nmiddle\nfirst\nsecond\n' },
      P('*** Update File: tail.txt', '@@', ' first', '-second', '+second updated', '*** End of File'),
    );
    expect(await read('tail.txt')).toBe('first\nsecond\nmiddle\nfirst\nsecond updated\n');
  });

  it('an @@ anchor that is found still places a context-free hunk after it', async () => {
    await patch({ 'f.txt': 'a\nb\nc\n' }, P('*** Update File: f.txt', '@@ a', '+after a'));
    expect(await read('f.txt')).toBe('a\nafter a\nb\nc\n');
  });

  it('an updated file without a final newline gets one (scenario 014); one with it keeps it', async () => {
    await patch(
      { 'no_newline.txt': 'no newline at end', 'ok.txt': 'x\n' },
      P(
        '*** Update File: no_newline.txt',
        '@@',
        '-no newline at end',
        '+first line',
        '+second line',
        '*** Update File: ok.txt',
        '@@',
        '-x',
        '+y',
      ),
    );
    expect(await read('no_newline.txt')).toBe('first line\nsecond line\n');
    expect(await read('ok.txt')).toBe('y\n');
  });

  it('an added file ends with a newline (scenario 001)', async () => {
    await patch({}, P('*** Add File: bar.md', '+This is a new file'));
    expect(await read('bar.md')).toBe('This is a new file\n');
  });

  it('an indented *** Update File: header is accepted (scenario 017)', async () => {
    const r = await patch({ 'foo.txt': 'old\n' }, P('  *** Update File: foo.txt', '@@', '-old', '+new'));
    expect(r.isError).toBe(false);
    expect(await read('foo.txt')).toBe('new\n');
  });

  it.each([`<<"EOF'`, `<<'EOF"`])('a heredoc wrapper with mismatched quotes (%s) is refused; nothing is written', async (opener) => {
    const r = await patch({ 'f.txt': 'x\n' }, `apply_patch ${opener}\n${P('*** Update File: f.txt', '@@', '-x', '+y')}\nEOF`);
    expect(r.isError).toBe(true);
    expect(h.text(r)).toContain('mismatched quotes');
    expect(await read('f.txt')).toBe('x\n');
  });

  it.each([`<<'EOF'`, `<<"EOF"`, '<<EOF'])('control: a heredoc wrapper with matching quotes (%s) applies', async (opener) => {
    const r = await patch({ 'f.txt': 'x\n' }, `apply_patch ${opener}\n${P('*** Update File: f.txt', '@@', '-x', '+y')}\nEOF`);
    expect(r.isError).toBe(false);
    expect(await read('f.txt')).toBe('y\n');
  });

  it('keeps the stricter rules: an Add over an existing file is refused (Codex overwrites), nothing changes', async () => {
    const r = await patch(
      { 'dup.txt': 'old\n', 'f.txt': 'x\n' },
      P('*** Update File: f.txt', '@@', '-x', '+y', '*** Add File: dup.txt', '+new'),
    );
    expect(r.isError).toBe(true);
    expect(await read('dup.txt')).toBe('old\n');
    expect(await read('f.txt')).toBe('x\n');
  });
});

describe('apply_patch on hostile files (SPEC R1)', () => {
  it('a 100 GB sparse file and a FIFO are refused without being read; nothing is written', async () => {
    const { execFileSync } = await import('node:child_process');
    const { truncateSync, writeFileSync } = await import('node:fs');
    h = await createTestHarness({ plugins: [plugin], files: { 'f.txt': 'x\n' } });
    writeFileSync(h.path('huge.txt'), 'a\n');
    truncateSync(h.path('huge.txt'), 100 * 1024 ** 3);
    execFileSync('mkfifo', [h.path('pipe.txt')]);
    for (const target of ['huge.txt', 'pipe.txt']) {
      const r = await h.call('apply_patch', {
        input: P('*** Update File: f.txt', '@@', '-x', '+y', `*** Update File: ${target}`, '@@', '-a', '+b'),
      });
      expect(r.isError).toBe(true);
      expect(await read('f.txt')).toBe('x\n');
    }
  });
});
