import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { findExecutable } from './find-executable.js';
import { HOUSE_SCRIPT, SLOT_SCRIPT, slotSyscalls } from './warm-scripts.js';

/**
 * The programs that put a command into the long-lived sandbox: util-linux `nsenter` (joins
 * namespaces) and `setpriv` (drops every capability), coreutils `env` (changes to the
 * command's folder from inside, so the path is resolved under the sandbox's mounts), and
 * `perl` (makes each slot), with this architecture's system call numbers.
 */
export interface JoinTools {
  nsenter: string;
  setpriv: string;
  env: string;
  perl: string;
  syscalls: { mount: number; unshare: number };
}

/** How a command enters its slot: `file` and `args(cwd, argv)` to spawn. */
export interface WarmJoin {
  file: string;
  args(cwd: string, argv: readonly string[]): string[];
}

/** What a house is made from: its layout key, bubblewrap's arguments before `--`, and what its slots need. */
export interface WarmLayout {
  key: string;
  args: string[];
  /** Whether each command gets its own network namespace (network not `on`). */
  ownNetwork: boolean;
  /** The house's mounts under /tmp each slot mounts again over its fresh /tmp (outermost first). */
  carried: string[];
}

/** The long-lived sandbox and its slots (see {@link createWarmPool}). */
export interface WarmPool {
  /**
   * A slot of the house made from `layout.key`, handed out once; undefined when there is none
   * ready (the command gets its own bubblewrap): a house made from another key is retired,
   * and one is made from `layout`.
   */
  take(layout: WarmLayout): Promise<WarmJoin | undefined>;
  dispose(): void;
}

/** A process that says `ready` on stdout once set up: bubblewrap (a house) or a slot. */
interface Part {
  child: ChildProcess;
  /** Its first process inside (bubblewrap's init; the slot's PID 1), as this process sees it. */
  pid?: number;
  /** nsenter's flags for the namespaces it does not share with this process. */
  join?: string[];
  ready: Promise<boolean>;
  isReady: boolean;
}

/** The long-lived sandbox: bubblewrap with every mask, idling; commands run in its slots. */
interface House extends Part {
  key: string;
  layout: WarmLayout;
  /** Slots alive in it (idle, being made or running a command). */
  slots: Set<Part>;
  /** The next slot, made as soon as the last was handed out. */
  next?: Part;
  retired: boolean;
}

/** How long a command waits for its slot, still being made, before getting its own bubblewrap. */
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

/** Find the join tools outside /tmp (each command has its own /tmp, which would hide them), and bash. */
export function findJoinTools(pathVariable: string | undefined): JoinTools | undefined {
  const path = [pathVariable ?? '', '/usr/bin:/bin'].join(':');
  const found = {
    nsenter: findExecutable('nsenter', path),
    setpriv: findExecutable('setpriv', path),
    env: findExecutable('env', path),
    perl: findExecutable('perl', path),
  };
  const syscalls = slotSyscalls();
  const outsideTmp = (p: string | undefined) => p !== undefined && !p.startsWith('/tmp/');
  // The house's idle program is a bash script (builtins only).
  return Object.values(found).every(outsideTmp) && syscalls && existsSync('/bin/bash')
    ? { ...(found as Omit<JoinTools, 'syscalls'>), syscalls }
    : undefined;
}

/**
 * One long-lived sandbox per layout (a "house"): exactly the bubblewrap a command would get —
 * its own mount, PID, network, IPC, UTS, user and cgroup namespaces, every mask, the roots,
 * the rest read-only, a private /tmp, no capabilities, dying with this process — idling.
 * Mounting 200 masks is most of bubblewrap's cost, and a house pays it once. A command runs
 * in a "slot" of it, made one command ahead: its own PID namespace (nested in the house's)
 * with a fresh /proc, its own mount namespace with a fresh /tmp and /dev/shm (the house's
 * paths under /tmp mounted again), /proc/sys read-only, its own IPC and (network not `on`)
 * network namespace with its loopback up. The command joins it with `nsenter --fork`,
 * `setpriv` drops the capabilities joining gave back and sets no-new-privs, and `env -C`
 * enters its folder from inside. Each slot serves one command; once that command has exited
 * the slot ends, and everything the command left running in it is killed. A house serves
 * while its layout `key` is the current one; then it is retired, and killed once the
 * commands running in it have ended.
 */
export function createWarmPool(bwrap: string, tools: JoinTools): WarmPool {
  let house: House | undefined;
  const retired = new Set<House>();
  let broken = false;
  let verified = false;
  let verifying: Promise<boolean> | undefined;
  let disposed = false;

  const build = (layout: WarmLayout): House => {
    const child = spawn(bwrap, ['--info-fd', '3', ...layout.args, '--', '/bin/bash', '-c', HOUSE_SCRIPT], {
      stdio: ['pipe', 'pipe', 'ignore', 'pipe'],
    });
    let info = '';
    child.stdio[3]?.on('data', (d: Buffer) => (info += String(d)));
    const named = new Promise<void>((resolve) => child.stdio[3]?.once('close', () => resolve()));
    const built: House = {
      key: layout.key,
      layout,
      slots: new Set(),
      retired: false,
      child,
      ready: Promise.resolve(false),
      isReady: false,
    };
    watchPart(built, async () => {
      await named; // bubblewrap names its init on the info fd, then closes it
      return childPid(info);
    });
    void built.ready.then((ok) => {
      if (!ok) return void retire(built);
      if (!built.retired && !disposed) built.next = makeSlot(built);
    });
    child.once('exit', () => {
      retired.delete(built);
      if (house === built) house = undefined;
    });
    return built;
  };

  const makeSlot = (home: House): Part => {
    const argv = [
      '-t',
      String(home.pid),
      ...home.join!,
      '-r',
      '-w',
      '--preserve-credentials',
      '--',
      tools.perl,
      '-e',
      SLOT_SCRIPT,
      String(tools.syscalls.mount),
      String(tools.syscalls.unshare),
      home.layout.ownNetwork ? '1' : '0',
      ...home.layout.carried,
    ];
    const child = spawn(tools.nsenter, argv, { stdio: ['pipe', 'pipe', 'ignore'] });
    // nsenter's child (in the house's PID namespace) is Perl's first process, whose child is the slot's PID 1.
    const slot: Part = { child, ready: Promise.resolve(false), isReady: false };
    watchPart(slot, async () => grandchild(child.pid));
    home.slots.add(slot);
    child.once('exit', () => {
      home.slots.delete(slot);
      if (home.next === slot) home.next = undefined;
      if (home.retired && home.slots.size === 0) kill(home);
    });
    void slot.ready.then((ok) => {
      // A slot that cannot be set up here will not be next time either: every command gets its own bubblewrap.
      if (!ok && !home.retired && !disposed) broken = true;
    });
    return slot;
  };

  const retire = (old: House) => {
    old.retired = true;
    if (house === old) house = undefined;
    retired.add(old);
    if (old.next) kill(old.next);
    old.next = undefined;
    if (old.slots.size === 0) kill(old);
  };

  return {
    async take(layout) {
      if (broken || disposed) return undefined;
      if (house && house.key !== layout.key) retire(house);
      if (!house) {
        // This command gets its own bubblewrap; the house is made beside it, for the next ones.
        house = build(layout);
        return undefined;
      }
      if (!house.isReady || !house.next) return undefined;
      const home = house;
      const slot = home.next!;
      home.next = undefined;
      const ready = await within(slot.ready, READY_WAIT_MS);
      // The next slot is spawned once this command has been (spawning costs this process a
      // few ms of CPU, which the command must not wait for).
      setImmediate(() => {
        if (!home.retired && !disposed && !home.next && house === home) home.next = makeSlot(home);
      });
      if (!ready || !slot.pid || !existsSync(`/proc/${slot.pid}`) || home.retired) {
        kill(slot);
        return undefined;
      }
      slot.child.stdin?.write('go\n');
      const join: WarmJoin = {
        file: tools.nsenter,
        args: (cwd, argv) => [
          '-t',
          String(slot.pid),
          ...slot.join!,
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
      // The first slot only proves that joining works here (in /, no capability left,
      // no-new-privs, /proc/sys read-only); until then every command gets its own bubblewrap.
      if (verified) return join;
      verifying ??= verify(join).then((ok) => {
        verified = ok;
        broken ||= !ok;
        return ok;
      });
      return undefined;
    },
    dispose() {
      disposed = true;
      broken = true;
      if (house) kill(house);
      for (const old of retired) kill(old);
      house = undefined;
      retired.clear();
    },
  };
}

/**
 * Kill a house or a slot, with everything in it: its first process inside is killed (its PID
 * namespace ends), and the process this one started (killing nsenter would not end a slot).
 */
function kill(part: Part): void {
  if (part.child.exitCode !== null || part.child.signalCode !== null) return; // it has ended, and all in it
  if (part.pid)
    try {
      process.kill(part.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  part.child.kill('SIGKILL');
}

/**
 * Watch a house or slot being made: ready once it printed `ready` and its first process
 * inside is known (`locate`) with its own mount and PID namespaces. Its pipes do not keep this
 * process alive (a process that exits needs no sandbox made ahead).
 */
function watchPart(part: Part, locate: () => Promise<number | undefined>): void {
  const { child } = part;
  part.ready = new Promise<boolean>((resolve) => {
    let said = '';
    const onData = (d: Buffer) => {
      said += String(d);
      if (!said.includes('ready\n')) return;
      child.stdout?.off('data', onData);
      void locate().then((pid) => {
        part.pid = pid;
        part.join = pid ? joinFlags(pid) : undefined;
        resolve(part.join !== undefined);
      });
    };
    child.stdout?.on('data', onData);
    child.once('exit', () => resolve(false));
    child.once('error', () => resolve(false));
  }).then((ok) => {
    part.isReady = ok;
    if (!ok) kill(part);
    return ok;
  });
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stdio[3]]) (stream as { unref?(): void } | null)?.unref?.();
}

/** Join once with a probe: it must run in / with no capability at all, no-new-privs, and /proc/sys read-only. */
function verify(join: WarmJoin): Promise<boolean> {
  const probe = [
    'test "$(pwd)" = /',
    'grep -q "^CapBnd:[[:space:]]*0*$" /proc/self/status',
    'grep -q "^CapEff:[[:space:]]*0*$" /proc/self/status',
    'grep -q "^NoNewPrivs:[[:space:]]*1$" /proc/self/status',
    '! test -w /proc/sys/kernel/ns_last_pid',
    'test "$(cat /proc/sys/kernel/ns_last_pid)" -lt 100',
  ].join(' && ');
  return new Promise((resolve) => {
    execFile(join.file, join.args('/', ['/bin/sh', '-c', probe]), { timeout: 10_000 }, (error) => resolve(!error));
  });
}

/** A promise's value, or false once `ms` have passed; the timer keeps the process alive (a command waits on it). */
async function within(promise: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

function childPid(info: string): number | undefined {
  try {
    const pid = (JSON.parse(info) as { 'child-pid'?: unknown })['child-pid'];
    return typeof pid === 'number' && Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The only child of the only child of `pid` (nsenter → Perl → the slot's PID 1), if so. */
async function grandchild(pid: number | undefined): Promise<number | undefined> {
  const only = (p: number | undefined): number | undefined => {
    if (!p) return undefined;
    try {
      const kids = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(' ').filter(Boolean);
      return kids.length === 1 ? Number(kids[0]) : undefined;
    } catch {
      return undefined;
    }
  };
  return only(only(pid));
}

/** The nsenter flags for a sandbox's own namespaces; undefined unless it has its own mount and PID namespaces. */
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
