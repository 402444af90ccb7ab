import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isQuiverError, type SandboxService } from '@quiver/core';
import type { SandboxSettings } from './sandbox-config-section.js';
import { createIgnoreService, type QuiverIgnoreService } from '@quiver/ignore';
import { createWorkspace } from '@quiver/workspace';
import { createSandboxService } from './create-sandbox-service.js';
import { formatSandboxReport } from './format-sandbox-report.js';
import { probeBubblewrap } from './probe-bubblewrap.js';

const available = (await probeBubblewrap()).available;
const missing = { ...process.env, QUIVER_SANDBOX_BWRAP: '/nonexistent/bwrap' };

let root: string;
let ignore: QuiverIgnoreService;
let services: SandboxService[] = [];
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'quiver-sandbox-svc-')));
  await mkdir(join(root, 'secrets'));
  await writeFile(join(root, '.quiverignore'), '.env\nsecrets/\n');
  await writeFile(join(root, '.env'), 'TOKEN=x');
  ignore = await createIgnoreService(await createWorkspace([root]));
});
afterEach(async () => {
  for (const s of services.splice(0)) await s.dispose?.();
  ignore.dispose();
  await rm(root, { recursive: true, force: true });
});

function service(settings?: SandboxSettings, env?: NodeJS.ProcessEnv, warn?: (m: string) => void): SandboxService {
  const s = createSandboxService({ roots: [root], ignore, settings, env, warn });
  services.push(s);
  return s;
}

describe('plan', () => {
  it('mode off runs on the host, with nothing to say', async () => {
    expect(await service({ mode: 'off' }).plan({ command: 'ls', cwd: root })).toMatchObject({
      mode: 'off',
      sandboxed: false,
      hostReason: 'off',
      notice: undefined,
    });
  });

  it('an escape or an excluded command runs on the host and says so', async () => {
    const s = service({ excludedCommands: ['docker *'] });
    expect(await s.plan({ command: 'ls', cwd: root, escape: true })).toMatchObject({ sandboxed: false, hostReason: 'escape' });
    const excluded = await s.plan({ command: 'echo a && docker ps', cwd: root });
    expect(excluded).toMatchObject({ sandboxed: false, hostReason: 'excluded' });
    expect(excluded.notice).toContain("'docker *'");
  });

  it('hooks run on the host with sandbox.hooks: false', async () => {
    expect(await service({ hooks: false }).plan({ command: 'x', cwd: root, purpose: 'hook' })).toMatchObject({
      sandboxed: false,
      hostReason: 'off',
    });
  });

  it('unavailable + refuse: a refusal that says how to install or disable; prepare throws', async () => {
    const s = service({ mode: 'workspace-write' }, missing);
    const plan = await s.plan({ command: 'ls', cwd: root });
    expect(plan.refusal).toContain('sudo apt-get install bubblewrap');
    expect(plan.refusal).toContain('"mode": "off"');
    const e = await s.prepare({ command: 'ls', cwd: root, shell: '/bin/sh', env: {} }).catch((x: unknown) => x);
    expect(isQuiverError(e) && e.code).toBe('QUIVER_ERR_SANDBOX_UNAVAILABLE');
  });

  it('unavailable + unsandboxed (the default fallback): runs on the host, every plan says so, warned once', async () => {
    const warnings: string[] = [];
    const s = service(undefined, missing, (m) => warnings.push(m));
    for (let i = 0; i < 3; i++) {
      const p = await s.prepare({ command: 'ls', cwd: root, shell: '/bin/sh', env: {} });
      expect(p.file).toBe('/bin/sh');
      expect(p.plan.notice).toContain('UNSANDBOXED');
    }
    expect(warnings).toHaveLength(1);
  });
});

describe.skipIf(!available)('prepare and report (bubblewrap)', () => {
  it('wraps the command in bwrap with the masks, and it runs', async () => {
    const p = await service().prepare({ command: 'cat .env; echo done', cwd: root, shell: '/bin/sh', env: process.env });
    expect(p.plan).toMatchObject({ sandboxed: true, mode: 'workspace-write', network: 'off' });
    expect(p.args.join(' ')).toContain(`${join(root, '.env')}`);
    const run = spawnSync(p.file, p.args, { cwd: root, env: p.env, encoding: 'utf8' });
    expect(run.stderr).toContain('Permission denied');
    expect(run.stdout).toBe('done\n');
  });

  it('reports what a command may write, not read and reach', async () => {
    const report = await service({ network: { allow: ['registry.npmjs.org'] } }).report(root);
    expect(report).toMatchObject({ available: true, mode: 'workspace-write', network: 'allowlist', networkAllow: ['registry.npmjs.org'] });
    expect(report.masked).toEqual([join(root, '.env'), join(root, 'secrets')]);
    expect(report.readOnly).toContain(join(root, '.quiverignore'));
    const text = formatSandboxReport(report);
    expect(text).toContain('Sandbox: workspace-write');
    expect(text).toContain(`Writable: ${root}`);
    expect(text).toContain('Network: only registry.npmjs.org');
    expect(text).toContain('stay readable');
  });
});

describe('report when unavailable', () => {
  it('says so, and what happens to commands', async () => {
    const text = formatSandboxReport(await service({ mode: 'read-only' }, missing).report(root));
    expect(text).toContain('Sandbox: UNAVAILABLE');
    expect(text).toContain('Commands are refused');
  });
});

describe('watchFolders', () => {
  /** The inotify watches this process holds (every fs.watch shares one inotify instance). */
  const watches = (): number =>
    readdirSync('/proc/self/fdinfo').reduce((n, fd) => {
      try {
        return n + (readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8').match(/^inotify wd:/gm)?.length ?? 0);
      } catch {
        return n; // closed meanwhile
      }
    }, 0);

  it('false keeps the masks fresh by stats alone: no folder watched, a new hidden file masked at once', async () => {
    await mkdir(join(root, 'src'));
    const before = watches();
    const watched = createSandboxService({ roots: [root], ignore });
    services.push(watched);
    await watched.report(root);
    // The default watches the shown folders (root and src).
    expect(watches()).toBeGreaterThanOrEqual(before + 2);
    await watched.dispose?.();
    const stats = createSandboxService({ roots: [root], ignore, watchFolders: false });
    services.push(stats);
    const unwatched = watches();
    expect((await stats.report(root)).masked).toEqual([join(root, '.env'), join(root, 'secrets')]);
    await writeFile(join(root, 'src', '.env'), 'x');
    expect((await stats.report(root)).masked).toContain(join(root, 'src', '.env'));
    expect(watches()).toBe(unwatched);
  });
});
