import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { findExecutable } from './find-executable.js';
import { HOUSE_SCRIPT, SLOT_ENTRY_DIR, SLOT_SCRIPT, slotMakerArgs, slotSyscalls } from './warm-scripts.js';

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
  /**
   * The house's own writable mounts (/dev, each folder mask's tmpfs), made read-only once per
   * house before its first slot: every command of the house would otherwise share them.
   */
  sealed: string[];
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

/** A process this one started that says `ready` on stdout once set up: bubblewrap (a house) or a slot maker. */
interface Part {
  child: ChildProcess;
  /** Its first process inside (bubblewrap's init; the maker), as this process sees it. */
  pid?: number;
  /** nsenter's flags for the namespaces it does not share with this process. */
  join?: string[];
  ready: Promise<boolean>;
  isReady: boolean;
}

/** A slot: its own PID namespace inside the house, made by the house's maker; its PID 1 idles until joined. */
interface Slot {
  /**
   * Its id: what the maker's lines about it say, and the name of its entry link, which exists
   * in its own mount namespace only (random, so no other namespace has it by chance).
   */
  id: string;
  /** Its PID 1, as this process sees it. */
  pid?: number;
  join?: string[];
  ready: Promise<boolean>;
  /** Settles `ready` from the maker's line about it: `ready` or `failed`, and its first process's pid in the house. */
  settle(word: string, n?: number): void;
}

/** The long-lived sandbox: bubblewrap with every mask, idling; commands run in its slots. */
interface House extends Part {
  key: string;
  layout: WarmLayout;
  /** The process in the house that makes its slots (one spawn per house, not per command). */
  maker?: Part;
  /** Slots asked for and not yet reported on by the maker, by id. */
  asked: Map<string, Slot>;
  /** Slots alive in it (idle, being made or running a command). */
  slots: Set<Slot>;
  /** The next slots, in order; one is asked for as soon as one is handed out. */
  spare: Slot[];
  retired: boolean;
}

/** How many slots are kept made ahead. */
const SPARE = 2;
/** How long a command waits for its slot, still being made, before getting its own bubblewrap. */
const READY_WAIT_MS = 2_000;
/** Houses that may fail to set up (retired each time) before the pool is turned off for the process. */
const MAX_FAILED = 3;
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

/**
 * Find the join tools on the PATH (only there: without one of them every command gets its own
 * bubblewrap), outside /tmp (each command has its own /tmp, which would hide them), and bash.
 */
export function findJoinTools(pathVariable: string | undefined): JoinTools | undefined {
  const path = pathVariable ?? '';
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
  /** Houses retired because a slot or the maker's remount failed in them: past MAX_FAILED, the pool is off. */
  let failedHouses = 0;
  let verified = false;
  let verifying: Promise<boolean> | undefined;
  let disposed = false;
  let sweeping: NodeJS.Timeout | undefined;

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
      asked: new Map(),
      spare: [],
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
      if (!built.retired && !disposed) startMaker(built);
    });
    child.once('exit', () => {
      retired.delete(built);
      if (house === built) house = undefined;
      settleAll(built, 'failed');
    });
    return built;
  };

  // The maker runs in the house with the house's namespaces and capabilities (nsenter gives
  // them), which a slot needs for its mounts; it forks a slot for each line it is sent.
  const startMaker = (home: House) => {
    const argv = ['-t', String(home.pid), ...home.join!, '-r', '-w', '--preserve-credentials', '--', tools.perl, '-e', SLOT_SCRIPT];
    const { ownNetwork, carried, sealed } = home.layout;
    argv.push(...slotMakerArgs(tools.syscalls, { ownNetwork, env: tools.env, carried, sealed }));
    const child = spawn(tools.nsenter, argv, { stdio: ['pipe', 'pipe', 'ignore'] });
    // A maker that has ended cannot be written to; its end is handled on 'exit'.
    child.stdin?.on('error', () => {});
    const maker: Part = { child, ready: Promise.resolve(false), isReady: false };
    home.maker = maker;
    // nsenter's child, in the house's PID namespace, is the maker.
    watchPart(maker, async () => onlyChild(child.pid), 'maker\n');
    let said = '';
    child.stdout?.on('data', (d: Buffer) => {
      said += String(d);
      for (let nl = said.indexOf('\n'); nl >= 0; nl = said.indexOf('\n')) {
        const line = said.slice(0, nl);
        said = said.slice(nl + 1);
        // Matched by id: two slots may be in flight, and the maker answers as each is made.
        const [word, id, n] = line.split(' ');
        // A maker that could not make the house's mounts read-only (a masked folder swapped
        // since the house was built, say): that house serves no command.
        if (word === 'failed' && id === '-') failed(home);
        const slot = id === undefined ? undefined : home.asked.get(id);
        if (!slot) continue;
        home.asked.delete(id!);
        slot.settle(word!, Number(n));
      }
    });
    child.once('exit', () => settleAll(home, 'failed'));
    void maker.ready.then((ok) => {
      if (!ok) return void retire(home);
      refill(home);
    });
  };

  // Keep SPARE slots made ahead, so commands back to back do not wait for the one asked for
  // while the command before ran.
  const refill = (home: House) => {
    while (!home.retired && !disposed && house === home && home.maker?.isReady && home.spare.length < SPARE)
      home.spare.push(makeSlot(home));
  };

  const makeSlot = (home: House): Slot => {
    let settle: (word: string, n?: number) => void = () => {};
    const id = randomBytes(8).toString('hex');
    const slot: Slot = { id, ready: Promise.resolve(false), settle: (word, n) => settle(word, n) };
    slot.ready = new Promise<boolean>((resolve) => {
      settle = (word, n) => {
        settle = () => {};
        const pid = word === 'ready' && n && home.maker?.pid ? slotPid(home.maker.pid, n) : undefined;
        slot.pid = pid;
        slot.join = pid ? joinFlags(pid) : undefined;
        // A slot that cannot be set up: its house serves no more commands.
        if (word === 'failed') failed(home);
        resolve(slot.join !== undefined);
      };
    }).then((ok) => {
      if (!ok) {
        discard(home, slot);
        if (home.spare.includes(slot)) home.spare.splice(home.spare.indexOf(slot), 1);
      }
      return ok;
    });
    home.slots.add(slot);
    home.asked.set(id, slot);
    home.maker?.child.stdin?.write(`slot ${id}\n`);
    return slot;
  };

  // A house where setting up failed is retired, failing closed for its layout only (the next
  // command gets its own bubblewrap and a new house); after MAX_FAILED such houses the failure
  // is taken to be this host's, and every command gets its own bubblewrap.
  const failed = (home: House) => {
    if (home.retired || disposed) return;
    if (++failedHouses >= MAX_FAILED) broken = true;
    retire(home);
  };

  // A slot given up on (one that missed its wait has no pid here yet, and would otherwise poll
  // until the house ends) is killed by the maker, never by its host pid: the maker kills only
  // its own unreaped child, whose pid cannot have been reused, and Quiver may run as root. With
  // no maker left, the house is retired, and its end takes the slot with it.
  const discard = (home: House, slot: Slot) => {
    const wasAsked = home.asked.delete(slot.id);
    if (!home.slots.delete(slot) && !wasAsked) return;
    if (makerLives(home)) home.maker!.child.stdin?.write(`kill ${slot.id}\n`);
    else if (!home.retired && !disposed) retire(home);
    // Its promise settles now (not ready) instead of when the maker ends.
    if (wasAsked) slot.settle('killed');
  };

  // A retired house is killed once the commands in its slots have ended (looked at every 100 ms).
  const sweep = () => {
    for (const old of retired) {
      for (const slot of old.slots) if (slot.pid && !existsSync(`/proc/${slot.pid}`)) old.slots.delete(slot);
      if (old.slots.size === 0) kill(old);
    }
    if (retired.size === 0) {
      clearInterval(sweeping);
      sweeping = undefined;
    }
  };

  const retire = (old: House) => {
    old.retired = true;
    if (house === old) house = undefined;
    retired.add(old);
    for (const slot of old.spare.splice(0)) discard(old, slot);
    for (const slot of old.asked.values()) discard(old, slot);
    sweep();
    sweeping ??= setInterval(sweep, 100).unref();
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
      if (!house.isReady || house.spare.length === 0) return undefined;
      const home = house;
      // Forget the slots whose commands have ended.
      for (const old of home.slots) if (old.pid && !home.spare.includes(old) && !existsSync(`/proc/${old.pid}`)) home.slots.delete(old);
      const slot = home.spare.shift()!;
      const ready = await within(slot.ready, READY_WAIT_MS);
      if (!ready || !slot.pid || !existsSync(`/proc/${slot.pid}`) || home.retired) {
        discard(home, slot);
        refill(home);
        return undefined;
      }
      // Handed out: the slot waits 10 s at most for its command (told through the maker, not by
      // the slot's host pid).
      if (makerLives(home)) home.maker!.child.stdin?.write(`go ${slot.id}\n`);
      // The next slot is asked for once this command has been spawned (the maker forks it
      // while this command runs).
      setImmediate(() => refill(home));
      // setpriv runs `env` through the slot's entry link, which exists in the slot's mount
      // namespace only: should the slot have died and its pid been reused by another process
      // before nsenter opened its namespaces, nothing runs (setpriv cannot find the link).
      const entry = `${SLOT_ENTRY_DIR}/${slot.id}`;
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
          entry,
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
      clearInterval(sweeping);
    },
  };
}

/** Settle every slot still being made in `home` (its maker or house has ended). */
function settleAll(home: House, word: string): void {
  const asked = [...home.asked.values()];
  home.asked.clear();
  for (const slot of asked) slot.settle(word);
}

/** Kill a house, with everything in it: its init is killed (its PID namespace ends), and bubblewrap. */
function kill(part: Part): void {
  if (part.child.exitCode !== null || part.child.signalCode !== null) return; // it has ended, and all in it
  if (part.pid) signal(part.pid, 'SIGKILL');
  part.child.kill('SIGKILL');
}

/** Whether the house's slot maker is still running (and can be written to). */
function makerLives(home: House): boolean {
  const child = home.maker?.child;
  return !!child && child.exitCode === null && child.signalCode === null;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/**
 * Watch a house or slot being made: ready once it printed `ready` and its first process
 * inside is known (`locate`) with its own mount and PID namespaces. Its pipes do not keep this
 * process alive (a process that exits needs no sandbox made ahead).
 */
function watchPart(part: Part, locate: () => Promise<number | undefined>, word = 'ready\n'): void {
  const { child } = part;
  part.ready = new Promise<boolean>((resolve) => {
    let said = '';
    const onData = (d: Buffer) => {
      said += String(d);
      if (!said.includes(word)) return;
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
    // A subshell: a failed redirection of a special builtin ends a POSIX shell.
    '! (: > /dev/.quiver-probe) 2>/dev/null',
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

/** The only child of `pid`, if it has exactly one. */
function onlyChild(pid: number | undefined): Promise<number | undefined> {
  const kids = childrenOf(pid);
  return Promise.resolve(kids.length === 1 ? kids[0] : undefined);
}

/**
 * A slot's PID 1 as this process sees it: the only child of the maker's child that is
 * `inHouse` in the house's PID namespace (the last number of its NSpid line).
 */
function slotPid(maker: number, inHouse: number): number | undefined {
  const first = childrenOf(maker).find((c) => {
    try {
      const nspid = /^NSpid:\s+(.*)$/m
        .exec(readFileSync(`/proc/${c}/status`, 'utf8'))?.[1]
        ?.trim()
        .split(/\s+/);
      return Number(nspid?.at(-1)) === inHouse;
    } catch {
      return false;
    }
  });
  const kids = childrenOf(first);
  return kids.length === 1 ? kids[0] : undefined;
}

function childrenOf(pid: number | undefined): number[] {
  if (!pid) return [];
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
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
