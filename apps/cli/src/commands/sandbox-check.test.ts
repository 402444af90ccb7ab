// `quiver sandbox check` and `quiver permissions check` explaining the OS sandbox (issue 15
// "Must show" 5), through the built CLI: what a command may write, what the ignore rules and
// denyRead hide, the network, where a command would run, and an honest answer when bubblewrap
// is missing. Needs the build.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeBubblewrap } from '@quiver/sandbox';

const BIN = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));
const probe = await probeBubblewrap();
let ws: string;

/** Run the built CLI in the workspace, with `env` added. */
function quiver(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: ws, timeout: 60_000, env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      },
    );
    child.stdin?.end();
  });
}

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build first (pnpm turbo run build --filter @quiver/cli...).`);
  ws = await realpath(await mkdtemp(join(tmpdir(), 'quiver-sandbox-check-')));
  await writeFile(join(ws, '.quiverignore'), '.env\nsecrets/\n');
  await writeFile(join(ws, '.env'), 'TOKEN=x\n');
  await mkdir(join(ws, 'secrets'));
  await mkdir(join(ws, '.git'));
  // --trust is not needed: an untrusted folder may tighten the sandbox (network stays off).
  await writeFile(join(ws, 'quiver.config.json'), JSON.stringify({ sandbox: { denyRead: ['private'] } }));
  await mkdir(join(ws, 'private'));
});
afterAll(() => rm(ws, { recursive: true, force: true }));

describe.skipIf(!probe.available)('quiver sandbox check', () => {
  it('says what a command may write and what is hidden from it, in text and JSON', async () => {
    const json = await quiver(['sandbox', 'check', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({ available: true, mode: 'workspace-write', network: 'off' });
    expect(report.writable).toEqual(expect.arrayContaining([ws, '/tmp (private to each command)']));
    expect(report.readOnly).toEqual(expect.arrayContaining([join(ws, '.git'), join(ws, '.quiverignore'), join(ws, 'quiver.config.json')]));
    expect(report.masked).toEqual(expect.arrayContaining([join(ws, '.env'), join(ws, 'secrets')]));
    expect(report.denyRead).toEqual(expect.arrayContaining([join(ws, 'private')]));

    const text = await quiver(['sandbox', 'check']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^Sandbox: workspace-write, with .*bwrap/m);
    expect(text.stdout).toContain(`Hidden by the ignore rules (2): ${join(ws, '.env')}, ${join(ws, 'secrets')}.`);
    expect(text.stdout).toContain('Network: off');
    expect(text.stdout).toContain('Not covered: files outside the workspace');
  });

  it('lists the host installs under /tmp it shows read-only (a PATH entry there), which the private /tmp would hide', async () => {
    const install = await realpath(await mkdtemp(join(tmpdir(), 'quiver-sandbox-install-')));
    try {
      await mkdir(join(install, 'bin'));
      const PATH = `${join(install, 'bin')}:${process.env.PATH ?? ''}`;
      const report = JSON.parse((await quiver(['sandbox', 'check', '--json'], { PATH })).stdout) as Record<string, unknown>;
      expect(report.hostReadable).toEqual(expect.arrayContaining([install]));
      // The workspace (also under /tmp) is a root, not a host install.
      expect(report.hostReadable).not.toContain(ws);
      const text = await quiver(['sandbox', 'check'], { PATH });
      expect(text.stdout).toMatch(new RegExp(`^Shown read-only through the private /tmp.*${install}`, 'm'));
      expect(text.stdout).toContain('a fresh /dev and /proc');
    } finally {
      await rm(install, { recursive: true, force: true });
    }
  });

  it('without bubblewrap it says so, how to fix it, what happens instead, and exits 1', async () => {
    const none = { QUIVER_SANDBOX_BWRAP: '/nonexistent/bwrap' };
    const r = await quiver(['sandbox', 'check'], none);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Sandbox: UNAVAILABLE.');
    expect(r.stdout).toContain('apt-get install bubblewrap');
    // No mode chosen: the default falls back to the command screen, and says nothing is enforced.
    expect(r.stdout).toContain('Commands run UNSANDBOXED');
    expect(r.stdout).toMatch(/With bubblewrap, a command here would get:\nWritable:/);
    const strict = join(ws, 'strict');
    await mkdir(strict);
    await writeFile(join(strict, 'quiver.config.json'), JSON.stringify({ sandbox: { mode: 'workspace-write' } }));
    const refused = await quiver(['sandbox', 'check', '--cwd', strict], none);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('Commands are refused (sandbox.fallback: "refuse").');
  });
});

describe.skipIf(!probe.available)('quiver permissions check: where the command would run', () => {
  it('inside the sandbox by default, on the host when the config turns it off', async () => {
    const inside = await quiver(['permissions', 'check', 'npm test', '--json']);
    expect(JSON.parse(inside.stdout)).toMatchObject({
      allowed: true,
      sandbox: { mode: 'workspace-write', sandboxed: true, network: 'off' },
    });
    expect((await quiver(['permissions', 'check', 'npm test'])).stdout).toMatch(/sandbox/i);
    const off = join(ws, 'off');
    await mkdir(off);
    await writeFile(join(off, 'quiver.config.json'), JSON.stringify({ sandbox: { mode: 'off' } }));
    const host = await quiver(['permissions', 'check', 'npm test', '--json', '--cwd', off, '--trust']);
    expect(JSON.parse(host.stdout)).toMatchObject({ sandbox: { mode: 'off', sandboxed: false, host: 'off' } });
  });
});
