// Cline hook scripts run through the sandbox service, like the config's command hooks: the
// ignore masks, the read-only filesystem outside the roots and the private /tmp hold for them,
// through the real pipeline and hook bus, with bubblewrap.
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeBubblewrap } from '@quiver/sandbox';
import { createTestHarness, type TestHarness, type TestHarnessOptions } from '@quiver/testing';
import readFileTool from '@quiver/tool-read-file';
import { afterEach, describe, expect, it } from 'vitest';
import clineHooks from './index.js';

const probe = await probeBubblewrap();
const SECRET = 'hunter2-hook-secret';

let h: TestHarness | undefined;
const extra: string[] = [];
afterEach(async () => {
  await h?.dispose();
  h = undefined;
  await Promise.all(extra.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function setup(dirs: string[] = [], config: TestHarnessOptions['config'] = {}): Promise<TestHarness> {
  h = await createTestHarness({
    plugins: [readFileTool, { plugin: clineHooks, options: { globalDir: false, dirs } }],
    files: { 'a.txt': 'alpha', '.quiverignore': '.env\n', '.env': `TOKEN=${SECRET}\n` },
    config,
  });
  return h;
}

async function script(dir: string, name: string, body: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), `#!/bin/sh\ncat >/dev/null\n${body}\n`);
  await chmod(join(dir, name), 0o755);
}

/** A probe script: read a masked file, write beside the workspace in /tmp (and, sandboxed only, into /usr). */
const probeBody = (out: string, beside: string, usr = false) =>
  [
    `cat .env > '${out}' 2>&1`,
    ...(usr ? [`touch /usr/quiver-cline-hook-escape 2>> '${out}'`] : []),
    `touch '${beside}' 2>> '${out}'`,
    `echo ran >> '${out}'`,
  ].join('\n');

describe.skipIf(!probe.available)('cline hook scripts in the sandbox (bubblewrap)', () => {
  it('a workspace PreToolUse script cannot read a masked file or write outside the roots; /tmp is private', async () => {
    const t = await setup();
    const out = t.path('hook-out.txt');
    const beside = join(t.root, '..', `beside-${process.pid}.txt`);
    await script(t.path('.clinerules/hooks'), 'PreToolUse', probeBody(out, beside, true));
    expect(t.text(await t.call('read_file', { path: 'a.txt' }))).toContain('1 | alpha');
    const text = await readFile(out, 'utf8');
    expect(text).toContain('ran');
    expect(text).toContain('.env: Permission denied');
    expect(text).toContain('Read-only file system');
    expect(text).not.toContain(SECRET);
    expect(existsSync('/usr/quiver-cline-hook-escape')).toBe(false);
    expect(existsSync(beside)).toBe(false);
  });

  it('a script kept in a hooks folder under /tmp, outside the roots, is still found and run (its folder is shown read-only)', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'quiver-cline-hooks-dir-'));
    extra.push(folder);
    const t = await setup([folder]);
    await script(
      folder,
      'PreToolUse',
      `echo '{"cancel":false,"contextModification":"from the /tmp folder"}'\ntouch '${join(folder, 'wrote-here')}' 2>/dev/null || true`,
    );
    expect(t.text(await t.call('read_file', { path: 'a.txt' }))).toContain('from the /tmp folder');
    expect(existsSync(join(folder, 'wrote-here'))).toBe(false);
  });

  it('with sandbox.hooks: false the scripts run on the host, like command hooks', async () => {
    const t = await setup([], { sandbox: { hooks: false } });
    const out = t.path('hook-out.txt');
    const beside = join(t.root, '..', `beside-host-${process.pid}.txt`);
    extra.push(beside);
    await script(t.path('.clinerules/hooks'), 'PreToolUse', probeBody(out, beside));
    await t.call('read_file', { path: 'a.txt' });
    expect(await readFile(out, 'utf8')).toContain(SECRET);
    expect(existsSync(beside)).toBe(true);
  });
});
