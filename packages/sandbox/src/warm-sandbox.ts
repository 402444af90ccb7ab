import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readlinkSync } from 'node:fs';
import { findExecutable } from './find-executable.js';

/**
 * The programs that put a command into a sandbox made ahead: util-linux `nsenter` (joins its
 * namespaces) and `setpriv` (drops every capability), coreutils `env` (changes to the
 * command's folder from inside, so the path is resolved under the sandbox's mounts).
 */
export interface JoinTools {
  nsenter: string;
  setpriv: string;
  env: string;
}

/** A sandbox made ahead for one command: bubblewrap with the layout, idling until joined. */
interface Warm {
  key: string;
  child: ChildProcess;
  /** The sandbox's first process (bubblewrap's init), as the host sees it. */
  pid?: number;
  /** nsenter's flags for the namespaces it does not share with this process. */
  join?: string[];
  ready: Promise<boolean>;
}

/**
 * The idle program (bash, builtins only, so it starts no process): it says when bubblewrap has
 * mounted everything and waits; once handed out (a line on its stdin) it waits for the command
 * to join — the PID namespace's third process, after bubblewrap's init and itself — and to
 * exit (or 10 s without a join), then exits, and bubblewrap with it: the namespaces end, and
 * every process the command left in them is killed.
 */
const IDLE_SCRIPT = [
  'echo ready',
  'read -r _ || exit 0',
  'SECONDS=0',
  'while ((SECONDS < 10)); do read -r n < /proc/sys/kernel/ns_last_pid; [ "$n" -ge 3 ] && break; read -r -t 0.05 _; done',
  'while [ -e /proc/3 ]; do read -r -t 0.05 _; done',
].join('\n');
/** The next sandbox is made once no command has been prepared for this long (a one-command process has ended by then)… */
const QUIET_MS = 500;
/** …or this long after a command that joined one has exited (and none was prepared since). */
const AFTER_EXIT_MS = 100;
/** How long a command waits for a sandbox still being made, before making its own. */
const READY_WAIT_MS = 2_000;
/** nsenter's flag per namespace, in the order it joins them (the user namespace first). */
const NAMESPACES: ReadonlyArray<readonly [string, string]> = [
  ['user', '-U'],
  ['mnt', '-m'],
  ['pid', '-p'],
  ['net', '-n'],
  ['ipc', '-i'],
  ['uts', '-u'],
  ['cgroup', '-C'],
];

/** How a command enters a made-ahead sandbox: `file` and `args(cwd, argv)` to spawn. */
export interface WarmJoin {
  file: string;
  args(cwd: string, argv: readonly string[]): string[];
}

/** What the next made-ahead sandbox is made from: its layout key and bubblewrap's arguments before `--`. */
export interface WarmLayout {
  key: string;
  args: string[];
}

/** Made-ahead sandboxes (see {@link createWarmPool}). */
export interface WarmPool {
  /**
   * The sandbox made for `key` (waited for while it is still being made), handed out once.
   * Undefined when there is none for `key`: one made for another key is dropped.
   */
  take(key: string): Promise<WarmJoin | undefined>;
  /**
   * How to make the next one (called when it is made, so it sees the workspace as it is
   * then; undefined: make none). One is made soon when none is idle, and again each time a
   * command that joined one has exited.
   */
  plan(next: () => Promise<WarmLayout | undefined>): void;
  dispose(): void;
}

/** Find nsenter, setpriv and env outside /tmp (each command has its own /tmp, which would hide them), and bash. */
export function findJoinTools(pathVariable: string | undefined): JoinTools | undefined {
  const path = [pathVariable ?? '', '/usr/bin:/bin'].join(':');
  const nsenter = findExecutable('nsenter', path);
  const setpriv = findExecutable('setpriv', path);
  const env = findExecutable('env', path);
  const outsideTmp = (p: string | undefined) => p !== undefined && !p.startsWith('/tmp/');
  // The idle program is a bash script (builtins only).
  return outsideTmp(nsenter) && outsideTmp(setpriv) && outsideTmp(env) && existsSync('/bin/bash')
    ? { nsenter: nsenter!, setpriv: setpriv!, env: env! }
    : undefined;
}

/**
 * One bubblewrap sandbox made ahead, so a command does not wait for bubblewrap to mount
 * every mask (about 20 ms in a workspace that hides 200 folders). It is exactly the sandbox
 * a command would get — its own mount, PID, network, IPC, UTS, user and cgroup namespaces,
 * the masks, a private /tmp, no capabilities, dying with this process — running an idle
 * shell. A command joins it with `nsenter --fork` (becoming a process of its PID namespace),
 * `setpriv` drops the capabilities joining gave back and sets no-new-privs, and `env -C`
 * enters the command's folder from inside. Each sandbox serves one command only (its /tmp,
 * processes and network are that command's), and only while its layout `key` is the current
 * one; once its command has exited (the third process of its PID namespace is gone), it is
 * killed, and everything still running in it dies with it.
 */
export function createWarmPool(bwrap: string, tools: JoinTools): WarmPool {
  let idle: Warm | undefined;
  const taken = new Set<Warm>();
  let broken = false;
  let verified = false;
  let verifying: Promise<boolean> | undefined;
  let disposed = false;
  let next: (() => Promise<WarmLayout | undefined>) | undefined;
  let scheduled: NodeJS.Timeout | undefined;
  let making = false;

  // Make the next sandbox once no command has been prepared for `ms` (commands back to back
  // would only wait for it, and it would take their CPU), unless one is idle or on its way;
  // the timer does not keep the process alive (a process that exits needs none made ahead).
  const schedule = (ms: number) => {
    clearTimeout(scheduled);
    scheduled = undefined;
    if (disposed || broken || idle || making || !next) return;
    scheduled = setTimeout(() => {
      scheduled = undefined;
      making = true;
      void next!()
        .then((layout) => {
          if (layout && !idle && !disposed && !broken) idle = start(layout.key, layout.args);
        })
        .catch(() => undefined)
        .finally(() => (making = false));
    }, ms).unref();
  };

  const start = (key: string, args: string[]): Warm => {
    const child = spawn(bwrap, ['--info-fd', '3', ...args, '--', '/bin/bash', '-c', IDLE_SCRIPT], {
      stdio: ['pipe', 'pipe', 'ignore', 'pipe'],
    });
    const warm: Warm = { key, child, ready: Promise.resolve(false) };
    warm.ready = new Promise<boolean>((resolve) => {
      // Ready once bubblewrap has named its init (the info fd, closed after) and the shell ran.
      let info = '';
      let ran = false;
      let named = false;
      const settle = () => {
        if (!ran || !named) return;
        warm.pid = childPid(info);
        warm.join = warm.pid ? joinFlags(warm.pid) : undefined;
        resolve(warm.join !== undefined);
      };
      child.stdio[3]?.on('data', (d: Buffer) => (info += String(d)));
      child.stdio[3]?.once('close', () => {
        named = true;
        settle();
      });
      child.stdout?.once('data', () => {
        ran = true;
        settle();
      });
      child.once('exit', () => {
        resolve(false);
        // A command's sandbox ended with it: make the next, from the workspace as it is now.
        if (taken.delete(warm)) schedule(AFTER_EXIT_MS);
      });
      child.once('error', () => resolve(false));
    }).then((ok) => {
      if (!ok) kill(warm);
      return ok;
    });
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stdio[3]]) (stream as { unref?(): void } | null)?.unref?.();
    return warm;
  };

  const kill = (warm: Warm) => {
    taken.delete(warm);
    if (idle === warm) idle = undefined;
    if (warm.child.exitCode === null && warm.child.signalCode === null) warm.child.kill('SIGKILL');
  };

  return {
    async take(key) {
      if (broken || disposed) return undefined;
      if (idle && idle.key !== key) kill(idle);
      const warm = idle;
      idle = undefined;
      if (!warm) return undefined;
      // A referenced timer: the made-ahead sandbox's pipes are unreferenced, and the wait must
      // keep the process alive (the command is waiting for it).
      let timer: NodeJS.Timeout | undefined;
      const ready = await Promise.race([warm.ready, new Promise<boolean>((r) => (timer = setTimeout(() => r(false), READY_WAIT_MS)))]);
      clearTimeout(timer);
      if (!ready || !warm.pid || !existsSync(`/proc/${warm.pid}`)) {
        kill(warm);
        return undefined;
      }
      taken.add(warm);
      warm.child.stdin?.write('go\n');
      const join: WarmJoin = {
        file: tools.nsenter,
        args: (cwd, argv) => [
          '-t',
          String(warm.pid),
          ...warm.join!,
          '-r',
          '-w',
          '--preserve-credentials',
          '--',
          tools.setpriv,
          '--no-new-privs',
          '--bounding-set=-all',
          '--inh-caps=-all',
          '--',
          tools.env,
          '-C',
          cwd,
          '--',
          ...argv,
        ],
      };
      // The first sandbox only proves that joining works here (nsenter, setpriv and env as
      // expected, no capability left); until then every command gets its own bubblewrap.
      if (verified) return join;
      verifying ??= verify(join).then((ok) => {
        verified = ok;
        broken = !ok;
        return ok;
      });
      return undefined;
    },
    plan(make) {
      next = make;
      schedule(QUIET_MS);
    },
    dispose() {
      disposed = true;
      clearTimeout(scheduled);
      if (idle) kill(idle);
      for (const warm of [...taken]) kill(warm);
      broken = true;
    },
  };
}

/** Join once with a probe: it must run in / with no capability at all. */
function verify(join: WarmJoin): Promise<boolean> {
  const probe =
    'test "$(pwd)" = / && grep -q "^CapBnd:[[:space:]]*0*$" /proc/self/status && grep -q "^CapEff:[[:space:]]*0*$" /proc/self/status';
  return new Promise((resolve) => {
    execFile(join.file, join.args('/', ['/bin/sh', '-c', probe]), { timeout: 10_000 }, (error) => resolve(!error));
  });
}

function childPid(info: string): number | undefined {
  try {
    const pid = (JSON.parse(info) as { 'child-pid'?: unknown })['child-pid'];
    return typeof pid === 'number' && Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The nsenter flags for the sandbox's own namespaces; undefined unless it has its own mount and PID namespaces. */
function joinFlags(pid: number): string[] | undefined {
  try {
    const flags = NAMESPACES.filter(([ns]) => readlinkSync(`/proc/${pid}/ns/${ns}`) !== readlinkSync(`/proc/self/ns/${ns}`)).map(
      ([, flag]) => flag,
    );
    return flags.includes('-m') && flags.includes('-p') ? flags : undefined;
  } catch {
    return undefined;
  }
}
