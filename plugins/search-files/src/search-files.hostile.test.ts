// search_files on hostile input (SPEC R1): a 20 MB single-line file, FIFOs (direct, by
// symlink, inside a folder), and an rg that never finishes. Real rg, real files.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import searchFilesPlugin from './index.js';
import { MAX_LINE_CHARS } from './ripgrep-json.js';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});
const scratch = mkdtempSync(join(tmpdir(), 'quiver-rg-hostile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('search_files on hostile files', () => {
  it('a 20 MB single-line file: the match is found, its line is cut, every output line is bounded', async () => {
    h = await createTestHarness({ plugins: [searchFilesPlugin], files: { 'ok.txt': 'a needle here\n' } });
    writeFileSync(h.path('min.js'), `${'abc '.repeat(5_000_000)}needle${' xyz'.repeat(100)}\nsecond needle line\n`);
    const r = await h.call('search_files', { path: '.', regex: 'needle' });
    expect(r.isError).toBe(false);
    const text = h.text(r);
    expect(text).toContain('Found 3 results.');
    expect(text).toContain('second needle line');
    expect(text).toContain('a needle here');
    expect(text).toMatch(/… \[line cut at 500 characters: the line is over 19\d{3} KB\]/);
    for (const line of text.split('\n')) expect(line.length).toBeLessThan(MAX_LINE_CHARS + 200);
    expect(text.length).toBeLessThan(10_000);
  });

  it('a long line under the JSON cap is cut for display too', async () => {
    h = await createTestHarness({ plugins: [searchFilesPlugin], files: { 'wide.txt': `${'x'.repeat(5000)} needle\n` } });
    const text = h.text(await h.call('search_files', { path: '.', regex: 'needle' }));
    expect(text).toContain(`[line cut at ${MAX_LINE_CHARS} of 5008 characters]`);
  });

  it('a FIFO as the path, directly or through a symlink, is refused without blocking', async () => {
    h = await createTestHarness({ plugins: [searchFilesPlugin], files: { 'a.txt': 'needle\n' } });
    execFileSync('mkfifo', [h.path('pipe')]);
    symlinkSync(h.path('pipe'), h.path('link-to-pipe'));
    for (const path of ['pipe', 'link-to-pipe']) {
      const r = await h.call('search_files', { path, regex: 'needle' });
      expect(r.isError).toBe(true);
      expect(h.text(r)).toContain('is a FIFO (named pipe), not a folder or a regular file');
    }
    // Control: the folder holding the FIFO is searched (rg skips it) and its files are found.
    const r = await h.call('search_files', { path: '.', regex: 'needle' });
    expect(h.text(r)).toContain('Found 1 result.');
  });

  it('/dev/zero (a device) is refused, not read forever', async () => {
    h = await createTestHarness({ plugins: [searchFilesPlugin], files: {}, config: { approval: { readFilesExternally: true } } });
    const r = await h.call('search_files', { path: '/dev/zero', regex: 'x' });
    expect(r.isError).toBe(true);
  });

  it('rg that does not finish is killed at the time limit; the call answers', async () => {
    const slow = join(scratch, 'slow-rg.sh');
    writeFileSync(slow, `#!/bin/sh\necho $$ > '${join(scratch, 'slow.pid')}'\nexec sleep 60\n`);
    chmodSync(slow, 0o755);
    h = await createTestHarness({
      plugins: [{ plugin: searchFilesPlugin, options: { ripgrepPath: slow, timeoutMs: 300 } }],
      files: { 'a.txt': 'x\n' },
    });
    const r = await h.call('search_files', { path: '.', regex: 'x' });
    expect(h.text(r)).toContain('The search stopped at its time limit of 0.3 s');
    const pid = Number(execFileSync('cat', [join(scratch, 'slow.pid')], { encoding: 'utf8' }));
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
