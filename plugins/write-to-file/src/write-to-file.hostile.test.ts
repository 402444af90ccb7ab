// Edit tools on FIFOs and huge sparse files (SPEC R1): refused at once, never blocking and
// never read whole; the FIFO stays a FIFO. Real files, the real pipeline.
import { execFileSync } from 'node:child_process';
import { lstatSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import { afterEach, describe, expect, it } from 'vitest';
import plugin from './index.js';

let h: TestHarness;
afterEach(async () => {
  await h?.dispose();
});

const calls = [
  ['write_to_file', { content: 'x\n' }],
  ['replace_in_file', { diff: '------- SEARCH\na\n=======\nb\n+++++++ REPLACE' }],
] as const;

describe('edit tools on special and huge files', () => {
  it.each(calls)('%s on a FIFO, or a symlink to one, is refused without blocking', async (tool, params) => {
    h = await createTestHarness({ plugins: [plugin] });
    execFileSync('mkfifo', [h.path('pipe')]);
    symlinkSync('pipe', h.path('link'));
    for (const path of ['pipe', 'link']) {
      const r = await h.call(tool, { path, ...params });
      expect(r.isError).toBe(true);
      expect(r.code).toBe('QUIVER_ERR_FILE_SPECIAL');
      expect(h.text(r)).toContain('is not a regular file (it is a FIFO (named pipe))');
    }
    expect(lstatSync(h.path('pipe')).isFIFO()).toBe(true);
  });

  it('a 100 GB sparse file is refused before it is read', async () => {
    h = await createTestHarness({ plugins: [plugin] });
    writeFileSync(h.path('huge.bin'), '');
    truncateSync(h.path('huge.bin'), 100 * 1024 ** 3);
    const r = await h.call('replace_in_file', { path: 'huge.bin', diff: '------- SEARCH\na\n=======\nb\n+++++++ REPLACE' });
    expect(r.code).toBe('QUIVER_ERR_FILE_TOO_LARGE');
  });

  it('control: an ordinary file is still edited', async () => {
    h = await createTestHarness({ plugins: [plugin], files: { 'a.txt': 'a\n' } });
    const r = await h.call('replace_in_file', { path: 'a.txt', diff: '------- SEARCH\na\n=======\nb\n+++++++ REPLACE' });
    expect(r.isError).toBe(false);
  });
});
