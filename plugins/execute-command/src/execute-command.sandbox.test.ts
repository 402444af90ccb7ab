import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { rgPath } from '@vscode/ripgrep';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { probeBubblewrap } from '@quiver/sandbox';
import { createTestHarness, processesWith, type TestHarness, type TestHarnessOptions } from '@quiver/testing';
import plugin from './index.js';

// execute_command inside the OS sandbox, through the real pipeline, with real programs. The
// programs run from script files, because the command screen (rightly) refuses what it
// cannot see; what it cannot see is exactly what the sandbox is for.

const probe = await probeBubblewrap();
const has = (program: string): boolean => spawnSync(program, ['--version'], { stdio: 'ignore' }).status === 0;
/**
 * A program these cases need (`.ci/run` installs it): missing, the case fails and says so
 * instead of passing without having looked.
 */
function needs(program: string): void {
  if (!has(program)) throw new Error(`${program} is not on the PATH; install it (apt-get install ${program}) to run this sandbox case`);
}

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

async function harness(options: Partial<TestHarnessOptions> = {}): Promise<TestHarness> {
  h = await createTestHarness({ plugins: [{ plugin, options: { killGraceMs: 200 } }], ...options });
  return h;
}

async function run(t: TestHarness, command: string, extra: Record<string, unknown> = {}): Promise<string> {
  return t.text(await t.call('execute_command', { command, requires_approval: false, ...extra }));
}

/**
 * Run `command` until it ran in a slot of the long-lived sandbox: there the first process of
 * its PID namespace is the slot's (Perl), in a bubblewrap of its own bubblewrap's init. The
 * first command of a workspace gets its own while the long-lived one is made; bounded.
 */
async function inSlot(t: TestHarness, command: string, extra: Record<string, unknown> = {}): Promise<string> {
  let out = '';
  for (let i = 0; i < 40; i++) {
    out = await run(t, `echo "init=$(cat /proc/1/comm) pid=$$"; ${command}`, extra);
    if (out.includes('init=perl pid=')) return out;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no command ran in a slot of the long-lived sandbox in 40 tries; the last said: ${out}`);
}

const SECRET = 'hunter2-top-secret';
const masked = { '.quiverignore': '.env\nsecrets/\n', '.env': `TOKEN=${SECRET}\n`, 'secrets/key.txt': SECRET };

describe.skipIf(!probe.available)('execute_command in the sandbox (bubblewrap)', () => {
  it('masks ignored files from cat, python3 and node', async () => {
    const t = await harness({
      files: {
        ...masked,
        'read.sh': 'cat .env; cat secrets/key.txt; ls secrets',
        'read.py': "print(open('.env').read())",
        'read.js': "console.log(require('fs').readFileSync('secrets/key.txt', 'utf8'))",
      },
    });
    const shell = await run(t, 'sh read.sh');
    expect(shell).toContain('Command failed');
    expect(shell).toContain('.env: Permission denied');
    expect(shell).toContain('secrets/key.txt: Permission denied');
    expect(shell).not.toContain(SECRET);
    const node = await run(t, 'node read.js');
    expect(node).toContain('EACCES');
    expect(node).not.toContain(SECRET);
    needs('python3');
    const py = await run(t, 'python3 read.py');
    expect(py).toContain('PermissionError');
    expect(py).not.toContain(SECRET);
    // The mask is inside the sandbox only: the host file is untouched.
    expect(await readFile(t.path('.env'), 'utf8')).toContain(SECRET);
  });

  it('masks a hidden file a command created, from the very next command', async () => {
    const t = await harness({
      files: {
        ...masked,
        'make.sh': `mkdir -p src/deep && echo ${SECRET} > src/deep/.env && mkdir -p src/secrets && echo ${SECRET} > src/secrets/k`,
        'read.sh': 'cat src/deep/.env src/secrets/k',
      },
    });
    expect(await run(t, 'sh read.sh')).toContain('No such file');
    expect(await run(t, 'sh make.sh')).toContain('Command executed successfully');
    const out = await run(t, 'sh read.sh');
    expect(out).toContain('src/deep/.env: Permission denied');
    expect(out).toContain('src/secrets/k: Permission denied');
    expect(out).not.toContain(SECRET);
  });

  it('refuses writes into a masked folder or over a masked file, loudly, and the host copy is untouched', async () => {
    const t = await harness({
      files: { ...masked, 'w.sh': 'echo x > secrets/new.txt; echo y > secrets/key.txt; echo z > .env; mkdir secrets/sub' },
    });
    const out = await run(t, 'sh w.sh');
    expect(out).toContain('Command failed');
    expect(out).toContain('secrets/new.txt: Permission denied');
    expect(out).toContain('secrets/key.txt: Permission denied');
    expect(out).toMatch(/\.env: (Permission denied|Read-only file system)/);
    expect(out).toMatch(/secrets\/sub.*Permission denied/);
    expect(existsSync(t.path('secrets/new.txt'))).toBe(false);
    expect(await readFile(t.path('secrets/key.txt'), 'utf8')).toBe(SECRET);
    expect(await readFile(t.path('.env'), 'utf8')).toContain(SECRET);
  });

  it('writes inside the workspace, not outside it; /tmp is private', async () => {
    const tmpName = `/tmp/quiver-private-${process.pid}.txt`;
    const t = await harness({
      files: { 'w.sh': `echo inside > out.txt\necho outside > /usr/quiver-sandbox-escape.txt\necho tmp > ${tmpName} && cat ${tmpName}` },
    });
    const out = await run(t, 'sh w.sh');
    expect(out).toContain('/usr/quiver-sandbox-escape.txt: Read-only file system');
    expect(out).toContain('tmp');
    expect(await readFile(t.path('out.txt'), 'utf8')).toBe('inside\n');
    expect(existsSync('/usr/quiver-sandbox-escape.txt')).toBe(false);
    expect(existsSync(tmpName)).toBe(false);
    // Beside the workspace, in /tmp, a write lands in the private /tmp and never on the host.
    expect(await run(t, `touch ${join(dirname(t.root), 'beside.txt')}`)).toContain('Command executed successfully');
    expect(existsSync(join(dirname(t.root), 'beside.txt'))).toBe(false);
  });

  it('keeps .git and the ignore file read-only', async () => {
    const t = await harness({ files: { ...masked, 'g.sh': 'git init -q . 2>/dev/null; echo x >> .quiverignore; echo y > .git/config' } });
    spawnSync('git', ['init', '-q', t.root]);
    const out = await run(t, 'sh g.sh');
    expect(out).toMatch(/\.quiverignore: Read-only file system/);
    expect(out).toMatch(/\.git\/config: Read-only file system/);
  });

  it('read-only mode: nothing in the workspace is writable', async () => {
    const t = await harness({ files: { 'w.sh': 'echo x > out.txt' }, config: { sandbox: { mode: 'read-only' } } });
    expect(await run(t, 'sh w.sh')).toContain('Read-only file system');
    expect(existsSync(t.path('out.txt'))).toBe(false);
  });

  it('hides sandbox.denyRead paths', async () => {
    const t = await harness({ files: { 'r.sh': 'cat private/id_rsa' }, config: { sandbox: { denyRead: ['private'] } } });
    await t.write('private/id_rsa', SECRET);
    const out = await run(t, 'sh r.sh');
    expect(out).toContain('Permission denied');
    expect(out).not.toContain(SECRET);
  });

  it('kills the grandchildren on timeout (no process survives, PID namespace or not)', async () => {
    const marker = `${300 + Math.floor(Math.random() * 1000)}.${process.pid}`;
    const script = [
      `sleep ${marker} &`,
      `setsid sh -c 'exec sleep ${marker}' &`,
      `nohup sh -c 'exec sleep ${marker}' > /dev/null 2>&1 &`,
      'echo ready',
      `sleep ${marker}`,
    ].join('\n');
    const t = await harness({ files: { 'tree.sh': script } });
    const r = await t.call('execute_command', { command: 'sh tree.sh', requires_approval: false, timeout: 2 });
    expect(r.code).toBe('QUIVER_ERR_TOOL_TIMEOUT');
    expect(t.text(r)).toContain('Output:\nready');
    expect(processesWith(marker)).toEqual([]);
  });

  it('runs in a slot of the long-lived sandbox, with the same guarantees: masks, private /tmp, timeout kills the tree', async () => {
    // In a slot the first process of the command's own PID namespace is the slot's (Perl);
    // in a bubblewrap of its own it is bubblewrap's init.
    const marker = `${300 + Math.floor(Math.random() * 1000)}.${process.pid}`;
    const tree = [
      `sleep ${marker} &`,
      `setsid sh -c 'exec sleep ${marker}' &`,
      `nohup sh -c 'exec sleep ${marker}' > /dev/null 2>&1 &`,
      'echo ready',
      `sleep ${marker}`,
    ].join('\n');
    const t = await harness({
      files: {
        ...masked,
        'tree.sh': tree,
        'read.sh': 'cat .env secrets/key.txt; ls /tmp; echo mine > /tmp/mine',
        'late.sh': 'cat src/secrets/late.txt',
      },
    });
    const joined = (command: string, extra: Record<string, unknown> = {}) => inSlot(t, command, extra);
    const read = await joined('sh read.sh');
    expect(read).toContain('.env: Permission denied');
    expect(read).toContain('secrets/key.txt: Permission denied');
    expect(read).not.toContain(SECRET);
    expect(await joined('ls /tmp')).not.toContain('mine');
    const r = await joined('sh tree.sh', { timeout: 2 });
    expect(r).toContain('timed out');
    expect(r).toContain('ready');
    expect(processesWith(marker)).toEqual([]);
    // A leftover that dropped the command's mark (so execute_command cannot find it) dies with
    // its slot once the command has exited.
    const left = `${1300 + Math.floor(Math.random() * 1000)}.${process.pid}`;
    expect(await joined(`env -u QUIVER_COMMAND_ID setsid sh -c 'exec sleep ${left}' > /dev/null 2>&1 & echo left`)).toContain('left');
    let alive = processesWith(left);
    for (let i = 0; i < 30 && alive.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      alive = processesWith(left);
    }
    expect(alive).toEqual([]);
    // A folder hidden after the long-lived sandbox was made is masked for the very next command.
    await new Promise((r) => setTimeout(r, 1500));
    await t.write('src/secrets/late.txt', SECRET);
    const late = await run(t, 'sh late.sh');
    expect(late).toContain('Permission denied');
    expect(late).not.toContain(SECRET);
    // The long-lived sandbox does not outlive the host's dispose.
    const ahead = (): number[] =>
      processesWith('--info-fd').filter((pid) => (readFileSync(`/proc/${pid}/cmdline`, 'utf8') as string).includes(t.root));
    for (let i = 0; i < 50 && ahead().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(ahead().length).toBeGreaterThan(0);
    await t.dispose();
    h = undefined;
    expect(ahead()).toEqual([]);
  });

  it('in a slot too: node and python3 cannot read a mask, writes outside fail, /tmp and /proc/sys are safe', async () => {
    const hostTmp = `/tmp/quiver-slot-host-${process.pid}.txt`;
    await writeFile(hostTmp, 'HOST-TMP');
    try {
      const sysctl = 'v=$(cat /proc/sys/kernel/core_uses_pid); echo "$v" > /proc/sys/kernel/core_uses_pid && echo sysctl-written';
      const t = await harness({
        files: {
          ...masked,
          'read.py': "print(open('.env').read())",
          'read.js': "console.log(require('fs').readFileSync('secrets/key.txt', 'utf8'))",
          'w.sh': `echo outside > /usr/quiver-slot-escape.txt; cat ${hostTmp} || echo no-host-tmp; echo mine > /tmp/mine; ${sysctl}`,
          'ns.sh': 'ls -a /tmp; readlink /proc/self/ns/user /proc/self/ns/pid',
          'sys.sh': sysctl,
        },
      });
      // A command with its own bubblewrap (the first: the long-lived sandbox is made beside it).
      const own = await run(t, 'echo "init=$(cat /proc/1/comm)"; sh sys.sh');
      expect(own).toContain('init=bwrap');
      expect(own).toContain('Read-only file system');
      expect(own).not.toContain('sysctl-written');
      const node = await inSlot(t, 'node read.js');
      expect(node).toContain('EACCES');
      expect(node).not.toContain(SECRET);
      needs('python3');
      const py = await inSlot(t, 'python3 read.py');
      expect(py).toContain('PermissionError');
      expect(py).not.toContain(SECRET);
      const w = await inSlot(t, 'sh w.sh');
      expect(w).toContain('/usr/quiver-slot-escape.txt: Read-only file system');
      expect(w).toContain('no-host-tmp');
      expect(w).toMatch(/core_uses_pid: Read-only file system/);
      expect(w).not.toContain('sysctl-written');
      expect(existsSync('/usr/quiver-slot-escape.txt')).toBe(false);
      expect(existsSync('/tmp/mine')).toBe(false);
      // One long-lived sandbox (its user namespace), each command its own PID namespace and /tmp.
      const ns = (out: string) => out.split('\n').filter((l) => /^(user|pid):\[/.test(l));
      const a = ns(await inSlot(t, 'sh ns.sh'));
      const b = await inSlot(t, 'sh ns.sh');
      expect(b).not.toContain('mine');
      expect(ns(b)[0]).toBe(a[0]);
      expect(ns(b)[1]).not.toBe(a[1]);
    } finally {
      await rm(hostTmp, { force: true });
    }
  });

  it('in a slot, what the commands of one long-lived sandbox share is read-only: a mask cannot be opened, nothing is left for the next', async () => {
    // The masks' tmpfs and /dev are mounted once per long-lived sandbox; uid 0 inside owns them.
    const plant = [
      'chmod 0777 secrets && echo chmod-done',
      'echo planted > secrets/planted && echo mask-written',
      'echo planted > /dev/planted && echo dev-written',
      'mkdir /dev/planted-dir && echo dev-mkdir-done',
      'echo planted > /dev/shm/planted && echo shm-written',
    ].join('; ');
    const look = 'stat -c "%a %n" secrets; ls -a /dev /dev/shm; cat secrets/planted /dev/planted /dev/shm/planted';
    const t = await harness({ files: { ...masked, 'plant.sh': plant, 'look.sh': look } });
    const first = await inSlot(t, 'sh plant.sh');
    expect(first).toMatch(/chmod: .*secrets.*Read-only file system/);
    expect(first).not.toContain('chmod-done');
    expect(first).not.toContain('mask-written');
    expect(first).toMatch(/\/dev\/planted: Read-only file system/);
    expect(first).not.toContain('dev-written');
    expect(first).not.toContain('dev-mkdir-done');
    // /dev/shm is the command's own, writable, and gone with it.
    expect(first).toContain('shm-written');
    const next = await inSlot(t, 'sh look.sh');
    expect(next).toMatch(/^0 .*secrets$/m);
    expect(next).not.toMatch(/^planted/m);
    expect(next).not.toContain('planted-dir');
    expect(next).not.toContain(SECRET);
    expect(existsSync(t.path('secrets/planted'))).toBe(false);
  });

  it('runs an ordinary build: npm test, git status, rg', async () => {
    const t = await harness({
      files: {
        'package.json': JSON.stringify({ name: 'small', version: '1.0.0', scripts: { test: 'node test.js' } }),
        'test.js': "require('assert').strictEqual(1 + 1, 2); console.log('1 test passed');",
        'src/a.txt': 'needle here\n',
      },
    });
    spawnSync('git', ['init', '-q', t.root]);
    expect(await run(t, 'npm test')).toContain('1 test passed');
    const status = await run(t, 'git status --short');
    expect(status).toContain('Command executed successfully');
    expect(status).toContain('package.json');
    // rg from the PATH, wherever this checkout lies: under /tmp (a CI clone) the sandbox shows
    // the PATH's installations there read-only, past its private /tmp.
    const rg = ripgrep();
    if (rg) await withPath(dirname(rg), async () => expect(await run(t, 'rg -n needle src')).toContain('a.txt:1:needle here'));
  });

  it('finds programs installed under /tmp (a PATH entry there and its prefix) though /tmp is private', async () => {
    const prefix = await mkdtemp(join(tmpdir(), 'quiver-prefix-'));
    try {
      await mkdir(join(prefix, 'bin'));
      await mkdir(join(prefix, 'share'));
      await writeFile(join(prefix, 'share/data.txt'), 'data from the prefix\n');
      await writeFile(
        join(prefix, 'bin/qtool'),
        '#!/bin/sh\ncat "$(dirname "$0")/../share/data.txt"\ntouch "$(dirname "$0")/../wrote" 2>&1 || true\n',
      );
      await chmod(join(prefix, 'bin/qtool'), 0o755);
      await withPath(join(prefix, 'bin'), async () => {
        const t = await harness();
        const out = await run(t, 'qtool');
        expect(out).toContain('data from the prefix');
        expect(out).toContain('Read-only file system');
        // Only the PATH's installations are shown: the rest of the host's /tmp stays private.
        const sibling = `${prefix}-sibling.txt`;
        await writeFile(sibling, SECRET);
        try {
          const other = await run(t, `cat ${sibling}`);
          expect(other).toContain('No such file or directory');
          expect(other).not.toContain(SECRET);
        } finally {
          await rm(sibling, { force: true });
        }
      });
      expect(existsSync(join(prefix, 'wrote'))).toBe(false);
    } finally {
      await rm(prefix, { recursive: true, force: true });
    }
  });

  it('refuses with a clear message when the sandbox is unavailable and fallback is refuse', async () => {
    await withBwrap('/nonexistent/bwrap', async () => {
      const t = await harness({ files: { 'w.sh': 'echo ran > ran.txt' }, config: { sandbox: { mode: 'workspace-write' } } });
      const r = await t.call('execute_command', { command: 'sh w.sh', requires_approval: false });
      expect(r.code).toBe('QUIVER_ERR_SANDBOX_UNAVAILABLE');
      expect(t.text(r)).toContain('apt-get install bubblewrap');
      expect(t.text(r)).toContain('"mode": "off"');
      expect(existsSync(t.path('ran.txt'))).toBe(false);
    });
  });

  it('runs unsandboxed when fallback says so, saying it in every result and warning once', async () => {
    await withBwrap('/nonexistent/bwrap', async () => {
      const t = await harness({ config: { sandbox: { mode: 'workspace-write', fallback: 'unsandboxed' } } });
      for (let i = 0; i < 2; i++) expect(await run(t, 'echo hi')).toContain('ran UNSANDBOXED');
      expect(t.said.filter((s) => s.text.includes('Sandbox unavailable'))).toHaveLength(1);
    });
  });
});

describe.skipIf(!probe.available)('execute_command in the sandbox: network', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('hello from the host'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const fetchScript = (): string =>
    `node -e "fetch('http://127.0.0.1:${port}/').then(r => r.text()).then(t => console.log('GOT', t), e => { console.log('FAILED', e.cause?.code ?? e.message); process.exit(1); })"`;

  it('cannot reach a 127.0.0.1 server with the network off (the default)', async () => {
    const t = await harness({ files: { 'net.sh': fetchScript() } });
    const out = await run(t, 'sh net.sh');
    expect(out).toContain('FAILED ECONNREFUSED');
    expect(out).not.toContain('hello from the host');
  });

  it('reaches it with sandbox.network: "on"', async () => {
    const t = await harness({ files: { 'net.sh': fetchScript() }, config: { sandbox: { network: 'on' } } });
    expect(await run(t, 'sh net.sh')).toContain('GOT hello from the host');
  });

  it('in a slot: the network is off, but its own loopback works', async () => {
    const loopback =
      "node -e \"const n = require('net'); const s = n.createServer((c) => c.end('lo-ok')).listen(0, '127.0.0.1', () => n.connect(s.address().port, '127.0.0.1').on('data', (d) => { console.log(String(d)); process.exit(0); }))\"";
    const t = await harness({ files: { 'net.sh': fetchScript(), 'lo.sh': loopback } });
    const out = await inSlot(t, 'sh net.sh; sh lo.sh');
    expect(out).toContain('FAILED ECONNREFUSED');
    expect(out).toContain('lo-ok');
  }, 60_000);

  it('in a slot: "on" and the allowlist reach the host', async () => {
    const on = await harness({ files: { 'net.sh': fetchScript() }, config: { sandbox: { network: 'on' } } });
    expect(await inSlot(on, 'sh net.sh')).toContain('GOT hello from the host');
    await on.dispose();
    h = undefined;
    needs('curl');
    const allow = await harness({
      files: { 'net.sh': `curl -sS --max-time 5 http://127.0.0.1:${port}/` },
      config: { sandbox: { network: { allow: ['127.0.0.1'] } } },
    });
    expect(await inSlot(allow, 'sh net.sh')).toContain('hello from the host');
  }, 60_000);

  it('reaches only allowed hosts through the proxy with sandbox.network.allow', async () => {
    needs('curl');
    const curl = `curl -sS --max-time 5 http://127.0.0.1:${port}/`;
    const t = await harness({
      files: { 'net.sh': `${curl}; echo; curl -sS --max-time 5 -o /dev/null -w '%{http_code}' http://localhost:${port}/` },
      config: { sandbox: { network: { allow: ['127.0.0.1'] } } },
    });
    const out = await run(t, 'sh net.sh');
    expect(out).toContain('hello from the host');
    expect(out).toContain('403');
  });
});

describe.skipIf(!probe.available)('execute_command in the sandbox: approval', () => {
  it('approval.executeSandboxedCommands approves a command the model marks, when it runs inside', async () => {
    const t = await harness({ approve: false, config: { approval: { executeSandboxedCommands: true } } });
    expect(await run(t, 'echo hi', { requires_approval: true })).toContain('hi');
    expect(t.approvals).toHaveLength(0);
  });

  it('asking to run outside the sandbox always asks, even at the "all commands" level', async () => {
    const t = await harness({ approve: false, config: { approval: { executeSandboxedCommands: true, executeAllCommands: true } } });
    const r = await t.call('execute_command', { command: 'echo hi', requires_approval: false, run_outside_sandbox: true });
    expect(r.code).toBe('QUIVER_ERR_APPROVAL_DENIED');
    expect(t.approvals).toHaveLength(1);
    expect(t.approvals[0]!.reason).toContain('outside the sandbox');
  });

  it('sandbox.excludedCommands run on the host, after asking, and say so', async () => {
    const outside = join(tmpdir(), `quiver-excluded-${process.pid}.txt`);
    const t = await harness({
      files: { 'w.sh': `echo host > ${outside}` },
      config: { approval: { executeSandboxedCommands: true }, sandbox: { excludedCommands: ['sh w.sh'] } },
    });
    try {
      const out = await run(t, 'sh w.sh');
      expect(t.approvals).toHaveLength(1);
      expect(out).toContain('ran outside the sandbox');
      expect(readFileSync(outside, 'utf8')).toBe('host\n');
    } finally {
      spawnSync('rm', ['-f', outside]);
    }
  });

  it('runs config command hooks inside the sandbox too', async () => {
    const hook =
      'cat "$QUIVER_PROJECT_DIR/.env" > "$QUIVER_PROJECT_DIR/hook-out.txt" 2>&1; touch /usr/quiver-hook-escape.txt 2>> "$QUIVER_PROJECT_DIR/hook-out.txt"; exit 0';
    const t = await harness({
      files: { ...masked, 'hook.sh': hook },
      config: { hooks: { PreToolUse: [{ hooks: [{ command: 'sh ./hook.sh' }] }] } },
    });
    expect(await run(t, 'echo after-hook')).toContain('after-hook');
    const out = await readFile(t.path('hook-out.txt'), 'utf8');
    expect(out).toContain('Permission denied');
    expect(out).toContain('Read-only file system');
    expect(out).not.toContain(SECRET);
    expect(existsSync('/usr/quiver-hook-escape.txt')).toBe(false);
  });
});

function ripgrep(): string | undefined {
  return existsSync(rgPath) ? rgPath : undefined;
}

async function withPath(dir: string, body: () => Promise<void>): Promise<void> {
  const before = process.env.PATH;
  process.env.PATH = `${dir}:${before ?? ''}`;
  try {
    await body();
  } finally {
    process.env.PATH = before;
  }
}

async function withBwrap(path: string, body: () => Promise<void>): Promise<void> {
  const before = process.env.QUIVER_SANDBOX_BWRAP;
  process.env.QUIVER_SANDBOX_BWRAP = path;
  try {
    await body();
  } finally {
    if (before === undefined) delete process.env.QUIVER_SANDBOX_BWRAP;
    else process.env.QUIVER_SANDBOX_BWRAP = before;
  }
}
