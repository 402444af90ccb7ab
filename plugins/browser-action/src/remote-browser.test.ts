import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import plugin, { browserSessionRef, CHROMIUM_CANDIDATES } from './index.js';
import { CHROMIUM_ARGS } from './browser-session.js';
import { startTestPages, type TestPages } from './test-pages.examples.js';

const chromium = [process.env.QUIVER_CHROMIUM, ...CHROMIUM_CANDIDATES].find((p) => p && existsSync(p));

/** A Chromium we start ourselves with a DevTools port, as a user would for `remoteBrowserHost`. */
async function startRemoteChromium(binary: string): Promise<{ host: string; child: ChildProcess; profile: string }> {
  const profile = await mkdtemp(join(tmpdir(), 'quiver-cdp-'));
  const child = spawn(
    binary,
    [
      '--headless',
      '--remote-debugging-port=0',
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
      ...CHROMIUM_ARGS,
      'about:blank',
    ],
    {
      stdio: 'ignore',
    },
  );
  // Chromium writes its port to DevToolsActivePort; wait until the endpoint answers.
  const portFile = join(profile, 'DevToolsActivePort');
  for (let i = 0; i < 300; i++) {
    const port = existsSync(portFile) ? (await readFile(portFile, 'utf8')).split('\n')[0] : '';
    const host = `http://127.0.0.1:${port}`;
    if (
      /^\d+$/.test(port) &&
      (await fetch(`${host}/json/version`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      return { host, child, profile };
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error('the remote Chromium did not open its DevTools port');
}

describe.skipIf(!chromium)('browser_action attached to a running Chromium (remoteBrowserHost)', () => {
  let pages: TestPages;
  let remote: Awaited<ReturnType<typeof startRemoteChromium>>;
  let h: TestHarness;
  beforeAll(async () => {
    pages = await startTestPages();
    remote = await startRemoteChromium(chromium!);
    h = await createTestHarness({ plugins: [{ plugin, options: { remoteBrowserHost: remote.host } }] });
  });
  afterAll(async () => {
    await h?.dispose();
    const exited = new Promise((resolve) => remote.child.once('exit', resolve));
    remote.child.kill('SIGKILL');
    await exited;
    await rm(remote.profile, { recursive: true, force: true });
    await pages.close();
  });

  it('drives a page over CDP and detaches on close, leaving the browser running', async () => {
    const r = await h.call('browser_action', { action: 'launch', url: `${pages.url}/` });
    expect(r.isError, h.text(r)).toBe(false);
    expect(h.text(r)).toContain('[log] page ready');
    await h.call('browser_action', { action: 'click', coordinate: '150,65' });
    await h.call('browser_action', { action: 'type', text: 'remote' });
    expect(h.text(await h.call('browser_action', { action: 'click', coordinate: '350,65' }))).toContain('[log] clicked remote');
    expect(await h.task.scope.get(browserSessionRef).content()).toContain('Hello, remote!');
    await h.call('browser_action', { action: 'close' });
    expect(remote.child.exitCode).toBeNull();
    const version = await fetch(`${remote.host}/json/version`).then((res) => res.json() as Promise<{ Browser: string }>);
    expect(version.Browser).toMatch(/Chrom/);
  });
});
