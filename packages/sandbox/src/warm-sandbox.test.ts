import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxService, SandboxedProcess } from '@quiver/core';
import { createIgnoreService, type QuiverIgnoreService } from '@quiver/ignore';
import { createWorkspace } from '@quiver/workspace';
import { createSandboxService } from './create-sandbox-service.js';
import { findJoinTools } from './warm-sandbox.js';
import { probeBubblewrap } from './probe-bubblewrap.js';
import { findExecutable } from './find-executable.js';

const findExecutableOnPath = (name: string) => findExecutable(name, process.env.PATH ?? '');

const available = (await probeBubblewrap()).available && findJoinTools(process.env.PATH) !== undefined;

let root: string;
let ignore: QuiverIgnoreService;
let sandbox: SandboxService;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'quiver-sandbox-warm-')));
  await mkdir(join(root, 'secrets'));
  await mkdir(join(root, 'src'));
  await writeFile(join(root, 'secrets', 'key'), 'KEY');
  await writeFile(join(root, '.quiverignore'), '.env\nsecrets/\n');
  await writeFile(join(root, '.env'), 'TOKEN=x');
  ignore = await createIgnoreService(await createWorkspace([root]));
  sandbox = createSandboxService({ roots: [root], ignore });
});
afterEach(async () => {
  await sandbox.dispose?.();
  ignore.dispose();
  await rm(root, { recursive: true, force: true });
});

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(p: SandboxedProcess, cwd: string): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(p.file, p.args, { cwd, env: p.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += String(d)));
    child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Prepare `command` until it joins a sandbox made ahead (each try runs it, so each gets its own); bounded. */
async function joined(command: string, cwd = root): Promise<{ p: SandboxedProcess; ran: Ran }> {
  for (let i = 0; i < 40; i++) {
    const p = await sandbox.prepare({ command, cwd, shell: '/bin/sh', env: process.env });
    const ran = await run(p, cwd);
    if (p.file.endsWith('nsenter')) return { p, ran };
    await new Promise((r) => setTimeout(r, 700));
  }
  throw new Error('no command joined a made-ahead sandbox in 40 tries');
}

/** The live processes of sandboxes made ahead for `folder` (bubblewrap's, and the idle shell under it). */
function madeAhead(folder: string): number[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        const cmd = readFileSync(`/proc/${n}/cmdline`, 'utf8');
        return cmd.includes('--info-fd') && cmd.includes(folder) && !/\) Z/.test(readFileSync(`/proc/${n}/stat`, 'utf8'));
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe.skipIf(!available)('the long-lived sandbox and its slots (real bubblewrap, nsenter, setpriv, perl)', () => {
  it('is the same sandbox: masks, read-only outside, private /tmp per command, no capabilities, its folder', async () => {
    await run(await sandbox.prepare({ command: 'echo first > /tmp/left-behind', cwd: root, shell: '/bin/sh', env: process.env }), root);
    const script = [
      'pwd',
      'cat ../.env || echo no-env',
      'ls ../secrets || echo no-secrets',
      'ls /tmp',
      'echo x > /tmp/mine && echo tmp-ok',
      'touch /etc/quiver-warm-test || echo etc-ro',
      'echo ok > ../written && echo root-ok',
      'grep -E "^Cap(Eff|Bnd|Amb)" /proc/self/status',
      'echo "sandbox=$QUIVER_SANDBOX"',
    ].join('; ');
    const { ran } = await joined(script, join(root, 'src'));
    expect(ran.stdout).toContain(`${join(root, 'src')}\n`);
    expect(ran.stdout).toContain('no-env');
    expect(ran.stdout).toContain('no-secrets');
    expect(ran.stderr).toMatch(/\.env: Permission denied/);
    expect(ran.stdout).not.toContain('left-behind');
    expect(ran.stdout).not.toContain('KEY');
    expect(ran.stdout).toContain('tmp-ok');
    expect(ran.stdout).toContain('etc-ro');
    expect(ran.stderr).toContain('Read-only file system');
    expect(ran.stdout).toContain('root-ok');
    expect(ran.stdout).toMatch(/CapEff:\s+0+\nCapBnd:\s+0+\nCapAmb:\s+0+\n/);
    expect(ran.stdout).toContain('sandbox=workspace-write');
    // Its /tmp was its own: the next command does not see what it wrote.
    const next = await joined('ls /tmp; echo end');
    expect(next.ran.stdout).not.toContain('mine');
  });

  it('shows /proc/fs, /proc/acpi, keys and timer_list read-only in its own bubblewrap and in a slot (one list)', async () => {
    const expected = ['/proc/fs', '/proc/acpi', '/proc/keys', '/proc/timer_list', '/proc/kcore'].filter((p) => existsSync(p));
    expect(expected.length).toBeGreaterThan(0);
    // The mount point and its options (5th and 6th fields) of each of them.
    const script = `awk '$5 ~ /^\\/proc\\/(fs|acpi|keys|timer_list|kcore)$/ {print $5, $6}' /proc/self/mountinfo`;
    const mounts = (out: string) =>
      new Map(
        out
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => l.split(' ') as [string, string]),
      );
    const own = await sandbox.prepare({ command: script, cwd: root, shell: '/bin/sh', env: process.env });
    expect(own.file).not.toMatch(/nsenter$/);
    const slot = await joined(script);
    for (const out of [(await run(own, root)).stdout, slot.ran.stdout]) {
      const seen = mounts(out);
      for (const path of expected) expect(seen.get(path), `${path} in ${out}`).toMatch(/^ro[,]/);
    }
  });

  it("gives each slot its own /dev/pts (devpts newinstance): a command cannot reach another slot's terminals", async () => {
    const a = await joined('stat -c %d /dev/pts; ls /dev/pts');
    const b = await joined('stat -c %d /dev/pts');
    const devOf = (out: string) => out.split('\n')[0];
    expect(devOf(a.ran.stdout)).toMatch(/^\d+$/);
    expect(devOf(a.ran.stdout)).not.toBe(devOf(b.ran.stdout));
    expect(devOf(a.ran.stdout)).not.toBe(String(statSync('/dev/pts').dev));
    // Nothing but its own ptmx: no terminal of the house or of another slot.
    expect(a.ran.stdout.split('\n').slice(1).filter(Boolean)).toEqual(['ptmx']);
  });

  it('is not joined once the workspace changed: a newly hidden folder is masked for the very next command', async () => {
    await joined('true');
    // Wait until one is made ahead again, from the tree as it is now.
    await new Promise((r) => setTimeout(r, 1500));
    await mkdir(join(root, 'src', 'secrets'));
    await writeFile(join(root, 'src', 'secrets', 'new-key'), 'NEWKEY');
    const p = await sandbox.prepare({ command: 'cat src/secrets/new-key || echo masked', cwd: root, shell: '/bin/sh', env: process.env });
    expect(p.file).not.toMatch(/nsenter$/);
    const ran = await run(p, root);
    expect(ran.stdout).toBe('masked\n');
  });

  it('masks a masked folder swapped for a new one of its name right before the next command (here, or by a child; the folder or its parent)', async () => {
    await mkdir(join(root, 'src', 'secrets'));
    await writeFile(join(root, 'src', 'secrets', 'key'), 'KEY');
    const away = await mkdtemp(join(tmpdir(), 'quiver-swapped-away-'));
    try {
      const swaps: Array<[string, () => void]> = [
        [
          'secrets',
          () => {
            renameSync(join(root, 'secrets'), join(away, 'secrets'));
            mkdirSync(join(root, 'secrets'));
            writeFileSync(join(root, 'secrets', 'key'), 'SWAPPED');
          },
        ],
        [
          'src/secrets',
          () => {
            const script = `mv ${root}/src ${away}/src && mkdir -p ${root}/src/secrets && echo SWAPPED > ${root}/src/secrets/key`;
            expect(spawnSync('/bin/sh', ['-c', script]).status).toBe(0);
          },
        ],
      ];
      for (const [folder, swap] of swaps) {
        await joined('true');
        // Slots made ahead again, from the tree as it is now.
        await new Promise((r) => setTimeout(r, 1500));
        swap();
        const command = `cat ${folder}/key || echo masked`;
        const ran = await run(await sandbox.prepare({ command, cwd: root, shell: '/bin/sh', env: process.env }), root);
        expect(ran.stdout).not.toContain('SWAPPED');
        expect(ran.stdout).toBe('masked\n');
      }
    } finally {
      await rm(away, { recursive: true, force: true });
    }
  });

  it('dies once its command has exited, with whatever the command left running', async () => {
    const beat = join(root, 'src', 'beat');
    // The first beat before the loop starts: the loop may be killed before its own first one.
    // Each beat is renamed into place, so a read never sees one half written (empty).
    const tick = `date +%s%N > ${beat}.new && mv ${beat}.new ${beat}`;
    await joined(`${tick}; (while :; do ${tick}; sleep 0.05; done) > /dev/null 2>&1 & echo started`);
    const { readFile } = await import('node:fs/promises');
    let last = '';
    let still = true;
    for (let i = 0; i < 5 && still; i++) {
      await new Promise((r) => setTimeout(r, 300));
      const now = await readFile(beat, 'utf8');
      still = now !== last;
      last = now;
    }
    expect(last).not.toBe('');
    expect(still).toBe(false);
  });

  it('never outlives the process that made it (bubblewrap --die-with-parent), even SIGKILLed', async () => {
    const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'index.js');
    // `pnpm test` builds first; a missing build fails here instead of passing without a look.
    expect(existsSync(dist), `${dist} is missing: build @quiver/sandbox first`).toBe(true);
    const script = `
      import { createSandboxService } from ${JSON.stringify(dist)};
      import { spawnSync } from 'node:child_process';
      const s = createSandboxService({ roots: [${JSON.stringify(root)}] });
      const p = await s.prepare({ command: 'true', cwd: ${JSON.stringify(root)}, shell: '/bin/sh', env: process.env });
      spawnSync(p.file, p.args, { stdio: 'ignore' });
      setInterval(() => {}, 1000);
      console.log('ran');`;
    const host = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => host.stdout.once('data', () => resolve()));
    let ahead: number[] = [];
    for (let i = 0; i < 50 && ahead.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      ahead = madeAhead(root);
    }
    expect(ahead.length).toBeGreaterThan(0);
    host.kill('SIGKILL');
    for (let i = 0; i < 30 && ahead.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      ahead = madeAhead(root);
    }
    expect(ahead).toEqual([]);
  });

  it('without perl on the PATH, every command gets its own bubblewrap, with the same guarantees', async () => {
    // Outside /tmp: join tools under /tmp are refused anyway (each command has its own /tmp),
    // so a folder there would not show that perl is what is missing.
    const bin = await mkdtemp(join('/var/tmp', 'quiver-no-perl-'));
    try {
      for (const tool of ['bwrap', 'nsenter', 'setpriv', 'env']) {
        const found = findExecutableOnPath(tool);
        expect(found, `${tool} is not on the PATH`).toBeDefined();
        await symlink(found!, join(bin, tool));
      }
      const env = { ...process.env, PATH: bin };
      expect(findJoinTools(bin)).toBeUndefined();
      // The same folder with perl added has every join tool: perl is what the case lacks.
      const withPerl = await mkdtemp(join('/var/tmp', 'quiver-with-perl-'));
      try {
        for (const tool of ['nsenter', 'setpriv', 'env', 'perl']) await symlink(findExecutableOnPath(tool)!, join(withPerl, tool));
        expect(findJoinTools(withPerl)).toBeDefined();
      } finally {
        await rm(withPerl, { recursive: true, force: true });
      }
      const plain = createSandboxService({ roots: [root], ignore, env });
      try {
        for (let i = 0; i < 3; i++) {
          const p = await plain.prepare({ command: 'cat .env secrets/key', cwd: root, shell: '/bin/sh', env: process.env });
          expect(p.file).toMatch(/bwrap$/);
          const ran = await run(p, root);
          expect(ran.stderr).toMatch(/\.env: Permission denied/);
          expect(ran.stdout).not.toContain('KEY');
          await new Promise((r) => setTimeout(r, 500));
        }
      } finally {
        await plain.dispose?.();
      }
    } finally {
      await rm(bin, { recursive: true, force: true });
    }
  });

  it('runs nothing when the slot it joins is not the one it was handed (its pid reused by another sandbox)', async () => {
    const { p } = await joined('true');
    // Another process with its own namespaces, as a reused pid could be.
    const args = '--unshare-all --unshare-user --die-with-parent --ro-bind / / --dev /dev --proc /proc -- sleep 30'.split(' ');
    const other = spawn(findExecutableOnPath('bwrap')!, args, { stdio: 'ignore' });
    try {
      let inner: number | undefined;
      for (let i = 0; i < 50 && !inner; i++) {
        await new Promise((r) => setTimeout(r, 50));
        try {
          inner = Number(readFileSync(`/proc/${other.pid}/task/${other.pid}/children`, 'utf8').trim().split(' ')[0]) || undefined;
        } catch {
          // not started yet
        }
      }
      expect(inner).toBeDefined();
      // The same join, aimed at that process: its mount namespace has no entry link.
      const t = p.args.indexOf('-t');
      const moved = [...p.args];
      moved[t + 1] = String(inner);
      moved[moved.length - 1] = 'echo JOINED';
      const ran = await run({ ...p, args: moved }, root);
      expect(ran.stdout).not.toContain('JOINED');
      expect(ran.code).not.toBe(0);
      expect(ran.stderr).toMatch(/\/dev\/\.quiver-slot\/[0-9a-f]+/);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('warm: false never joins one', async () => {
    const plain = createSandboxService({ roots: [root], ignore, warm: false });
    try {
      for (let i = 0; i < 3; i++) {
        const p = await plain.prepare({ command: 'true', cwd: root, shell: '/bin/sh', env: process.env });
        expect(p.file).toMatch(/bwrap$/);
        await run(p, root);
        await new Promise((r) => setTimeout(r, 600));
      }
    } finally {
      await plain.dispose?.();
    }
  });
});
