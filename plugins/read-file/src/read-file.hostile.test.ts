// read_file on huge sparse files (SPEC R1): a range past the end does not scan 100 GB.
import { truncateSync, writeFileSync } from 'node:fs';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import { afterEach, describe, expect, it } from 'vitest';
import readFile from './index.js';

let h: TestHarness;
afterEach(async () => {
  await h?.dispose();
});

describe('read_file on a 100 GB sparse file', () => {
  it('a range past the end stops at the scan budget with an error that says what to do', async () => {
    h = await createTestHarness({ plugins: [{ plugin: readFile, options: { maxScanBytes: 16 * 1024 * 1024 } }] });
    // Text first (so it is not taken for binary), then 100 GB of holes: one endless line.
    writeFileSync(h.path('huge.log'), `first line\nsecond line\n${'x'.repeat(1024 * 1024)}`);
    truncateSync(h.path('huge.log'), 100 * 1024 ** 3);
    const far = await h.call('read_file', { path: 'huge.log', start_line: 5, end_line: 6 });
    expect(far.code).toBe('QUIVER_ERR_FILE_TOO_LARGE');
    expect(h.text(far)).toContain('scanned the first 16 MB of the file and reached only line 3, not line 5');
    // Control: the lines at the start are still read.
    const near = await h.call('read_file', { path: 'huge.log', start_line: 1, end_line: 2 });
    expect(near.isError).toBe(false);
    expect(h.text(near)).toContain('second line');
  });

  it('a whole read is refused by size, not read', async () => {
    h = await createTestHarness({ plugins: [readFile] });
    writeFileSync(h.path('huge.log'), '');
    truncateSync(h.path('huge.log'), 100 * 1024 ** 3);
    const r = await h.call('read_file', { path: 'huge.log' });
    expect(r.isError).toBe(true);
    expect(r.code).toBe('QUIVER_ERR_FILE_TOO_LARGE');
  });
});

describe('ignore denials name the ignore file that denied', () => {
  it('a path hidden by .clineignore names .clineignore, one hidden by .quiverignore names that', async () => {
    h = await createTestHarness({
      plugins: [readFile],
      files: {
        '.clineignore': 'cline-secret.txt\n',
        '.quiverignore': 'quiver-secret.txt\n',
        'cline-secret.txt': 'A',
        'quiver-secret.txt': 'B',
      },
    });
    const cline = h.text(await h.call('read_file', { path: 'cline-secret.txt' }));
    expect(cline).toContain('.clineignore');
    expect(cline).not.toContain('.quiverignore');
    expect(h.text(await h.call('read_file', { path: 'quiver-secret.txt' }))).toContain('.quiverignore');
  });
});
