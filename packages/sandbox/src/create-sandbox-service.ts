import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import {
  ERROR_CODES,
  quiverError,
  type SandboxPlan,
  type SandboxReport,
  type SandboxRequest,
  type SandboxService,
  type SandboxedProcess,
} from '@quiver/core';
import type { SandboxSettings } from './sandbox-config-section.js';
import type { ListingFilter } from '@quiver/ignore';
import { buildBwrapArgs, buildBwrapMounts, type BwrapLayout } from './build-bwrap-args.js';
import { createMaskCache, type MaskEntry } from './compute-masks.js';
import { isDirectory } from './fs-checks.js';
import { hostInstallPaths } from './host-install-paths.js';
import { matchExcluded } from './match-excluded.js';
import { startNetworkProxy, type NetworkProxy } from './network-proxy.js';
import { probeBubblewrap, type BubblewrapProbe } from './probe-bubblewrap.js';
import { resolveSandboxSettings, type ResolvedSandboxSettings } from './resolve-settings.js';
import { createWarmPool, findJoinTools, type WarmLayout, type WarmPool } from './warm-sandbox.js';
import { carriedPaths } from './warm-scripts.js';

/** The ignore service as the sandbox uses it (`@quiver/ignore`'s service fits). */
export interface SandboxIgnoreSource {
  rulesVersion(): string;
  listingFilter(): ListingFilter;
  ruleFiles(): string[];
}

/** Options of {@link createSandboxService}. */
export interface SandboxServiceOptions {
  /** The config's `sandbox` section. */
  settings?: SandboxSettings;
  /** The workspace roots (absolute, real paths); the first is the primary. */
  roots: readonly string[];
  /** The ignore rules whose hidden paths are masked. Without it nothing is masked. */
  ignore?: SandboxIgnoreSource;
  /** Files that stay read-only inside (the loaded config file). */
  protectedFiles?: readonly string[];
  /** Told once when the sandbox is unavailable here. */
  warn?(message: string): void;
  /** Where bubblewrap is looked for (`PATH`, `QUIVER_SANDBOX_BWRAP`). @default process.env */
  env?: NodeJS.ProcessEnv;
  /**
   * Run `execute_command` in a slot of one long-lived sandbox per layout (made one command
   * ahead) instead of a bubblewrap per command (hooks always get their own). @default true
   */
  warm?: boolean;
  /**
   * Keep the masks fresh by watching the workspace's folders (inotify) rather than a stat of
   * each before every command. Sound only while every `fs.watch` of this process is known: the
   * kernel drops events past its queue without a word, and this package sees such a flood only
   * in the folders it watches itself. A host that does not own its process (an editor's
   * extension host, where other extensions watch too) should pass false. @default true
   */
  watchFolders?: boolean;
}

/** Config files and hook folders in a root that a command must not rewrite (SPEC E1). */
const PROTECTED_IN_ROOT = ['.git', 'quiver.config.json', 'quiver.config.js', 'quiver.config.mjs', 'quiver.config.ts', '.clinerules/hooks'];

/**
 * Create the sandbox service (registered as `core.sandbox`): on Linux, every command and
 * command hook runs inside bubblewrap — the workspace roots writable (workspace-write) or not
 * (read-only), the rest of the filesystem read-only, a private /tmp, `.git`, the ignore files
 * and the config read-only, every path the ignore rules hide (and `sandbox.denyRead`) masked
 * by an unreadable empty file or folder, no network unless `sandbox.network` opens it (all of
 * it, or an allowlist of hosts through a loopback proxy), new mount/PID/network namespaces,
 * no capabilities, and death with its parent.
 * @example
 * const sandbox = createSandboxService({ roots: ['/repo'], ignore, settings: config.sandbox });
 * const p = await sandbox.prepare({ command: 'npm test', cwd: '/repo', shell: '/bin/bash', env: process.env });
 * spawn(p.file, p.args, { env: p.env });
 */
export function createSandboxService(options: SandboxServiceOptions): SandboxService {
  const roots = [...options.roots];
  const settings = resolveSandboxSettings(options.settings, roots[0] ?? process.cwd());
  const env = options.env ?? process.env;
  const maskCache = options.ignore
    ? createMaskCache(
        {
          roots,
          version: () => options.ignore!.rulesVersion(),
          filter: () => options.ignore!.listingFilter(),
          visible: () => options.ignore!.ruleFiles(),
        },
        { watch: options.watchFolders !== false },
      )
    : undefined;
  let empties: { file: string; base: string } | undefined;
  let installs: { path: string | undefined; found: string[] } | undefined;
  let proxy: Promise<NetworkProxy> | undefined;
  let pool: WarmPool | null | undefined;
  let warned = false;

  const probe = (): Promise<BubblewrapProbe> => probeBubblewrap(env);

  const plan = async (request: SandboxRequest): Promise<SandboxPlan> => {
    const network = settings.network;
    const host = (hostReason: SandboxPlan['hostReason'], notice?: string): SandboxPlan => ({
      mode: 'off',
      sandboxed: false,
      hostReason,
      notice,
      network,
    });
    if (settings.mode === 'off' || (request.purpose === 'hook' && !settings.hooks)) return host('off');
    if (request.escape) return host('escape', 'Note: this command ran outside the sandbox, as asked.');
    const excluded = await matchExcluded(request.screened ?? request.command, settings.excludedCommands);
    if (excluded) return host('excluded', `Note: this command ran outside the sandbox (sandbox.excludedCommands: '${excluded}').`);
    const found = await probe();
    if (!found.available) {
      if (!warned) {
        warned = true;
        options.warn?.(`Sandbox unavailable: ${found.reason}`);
      }
      if (settings.fallback === 'refuse')
        return {
          ...host('unavailable'),
          refusal: `Nothing was run, because the sandbox is unavailable (sandbox.fallback: "refuse"). ${found.reason}`,
        };
      return host(
        'unavailable',
        `Note: this command ran UNSANDBOXED (sandbox.fallback: "unsandboxed"), with the command screen only. ${found.reason}`,
      );
    }
    return { mode: settings.mode, sandboxed: true, network };
  };

  const emptyFile = (): string => {
    if (empties && existsSync(empties.file)) return empties.file;
    const base = mkdtempSync(join(tmpdir(), 'quiver-sandbox-'));
    const file = join(base, 'empty');
    writeFileSync(file, '');
    // Mode 000 with every capability dropped: reading a mask fails, it does not just look empty.
    chmodSync(file, 0o000);
    return (empties = { file, base }).file;
  };

  // Node.js and the PATH's programs installed under /tmp, which the private /tmp would hide;
  // recomputed only when the PATH changes. Those inside a root are there already.
  const hostInstalls = (path: string | undefined): string[] => {
    if (installs && installs.path === path) return installs.found;
    const inRoot = (p: string) => roots.some((r) => p === r || p.startsWith(r + sep));
    installs = { path, found: hostInstallPaths({ execPath: process.execPath, path }).filter((p) => !inRoot(p)) };
    return installs.found;
  };

  // Slots need nsenter, setpriv (util-linux), env (coreutils) and perl; without them, or with
  // `warm: false`, every command gets its own bubblewrap.
  const warmPool = (bwrap: string): WarmPool | undefined => {
    if (pool === undefined) {
      const tools = options.warm === false ? undefined : findJoinTools(env.PATH);
      pool = tools ? createWarmPool(bwrap, tools) : null;
    }
    return pool ?? undefined;
  };

  // A house fits while it was made from the same mounts and every path it mounts on is still
  // the same file (device, inode, birth): a mount made before sits on the folder or file it
  // was made on, and one replaced since (a renamed folder, a rewritten `.env`) would be
  // unmasked. The masks inside the roots are stat'ed again only when the mask cache had
  // anything to read again (its generation): otherwise no entry of a watched folder changed.
  let maskIds: { generation: number; masks: readonly MaskEntry[]; ids: string } | undefined;
  const inRootMaskIds = (masks: readonly MaskEntry[]): string => {
    const generation = maskCache?.generation() ?? 0;
    if (maskIds?.generation === generation && maskIds.masks === masks) return maskIds.ids;
    const ids = masks.map((m) => identity(m.path)).join(',');
    maskIds = { generation, masks, ids };
    return ids;
  };
  const warmLayout = (layout: MountLayout, cached: readonly MaskEntry[]): WarmLayout => {
    const mounts = buildBwrapMounts(layout);
    const paths = [
      ...layout.roots,
      ...(layout.readable ?? []),
      ...layout.allowWrite,
      ...layout.readOnly,
      ...layout.masks.slice(cached.length).map((m) => m.path),
    ];
    const key = [inRootMaskIds(cached), ...paths.map(identity), ...mounts].join('\0');
    const carried = carriedPaths([...layout.roots, ...(layout.readable ?? []), ...layout.allowWrite, ...layout.readOnly]);
    // Shared by every command of the house, so its slots get them read-only (a mask's tmpfs is
    // owned by uid 0 inside, which could chmod it and leave something for the next command).
    const sealed = ['/dev', ...layout.masks.filter((m) => m.directory).map((m) => m.path)];
    return { key, args: [...mounts, '--chdir', '/'], ownNetwork: layout.network !== 'on', carried, sealed };
  };

  // The mounts of a command's sandbox, as they are now.
  const mountLayout = async (
    mode: 'workspace-write' | 'read-only',
    path: string | undefined,
    readable: readonly string[] = [],
  ): Promise<{ layout: MountLayout; cached: readonly MaskEntry[]; bridge?: NetworkProxy }> => {
    const { masks, readOnly, cached } = await layoutParts();
    const bridge = settings.network === 'allowlist' ? await (proxy ??= startNetworkProxy(settings.networkAllow)) : undefined;
    if (bridge) readOnly.push(bridge.socketDir);
    const layout: MountLayout = {
      mode,
      roots,
      allowWrite: settings.allowWrite.filter((p) => existsSync(p)),
      readable: [...hostInstalls(path), ...readable.filter((p) => existsSync(p))],
      readOnly,
      masks,
      network: settings.network,
      emptyFile: emptyFile(),
    };
    return { layout, cached, bridge };
  };

  const layoutParts = async (): Promise<LayoutParts> => {
    const ruleFiles = options.ignore?.ruleFiles() ?? [];
    const inRoots = roots.flatMap((r) => PROTECTED_IN_ROOT.map((name) => join(r, name)));
    const readOnly = [...new Set([...inRoots, ...ruleFiles, ...(options.protectedFiles ?? [])])].filter((p) => existsSync(p));
    const denied: MaskEntry[] = settings.denyRead.filter((p) => existsSync(p)).map((p) => ({ path: p, directory: isDirectory(p) }));
    const cached = (await maskCache?.masks()) ?? [];
    const masks = [...cached, ...denied];
    const writable = settings.mode === 'workspace-write' ? [...roots, ...settings.allowWrite.filter((p) => existsSync(p))] : [];
    return { masks, readOnly, writable, cached };
  };

  return {
    settings: Object.freeze({ ...options.settings }),
    plan,
    async prepare(request) {
      const decided = await plan(request);
      if (decided.refusal) throw quiverError(ERROR_CODES.SANDBOX_UNAVAILABLE, decided.refusal);
      const argv = [request.shell, '-c', request.command];
      if (!decided.sandboxed) return { file: argv[0]!, args: argv.slice(1), env: request.env, plan: decided };
      const found = await probe();
      const mode = decided.mode as 'workspace-write' | 'read-only';
      const { layout, cached, bridge } = await mountLayout(mode, request.env.PATH, request.readable);
      const setEnv: Record<string, string> = { QUIVER_SANDBOX: decided.mode, ...bridge?.environment() };
      const inner = bridge ? bridge.wrap(argv) : argv;
      // Commands (not hooks, which run rarely) run in a slot of the long-lived sandbox when it
      // still fits; otherwise in their own bubblewrap, while a house is made for the next ones.
      const warm = request.purpose === 'hook' || request.readable?.length ? undefined : warmPool(found.path!);
      const join = warm ? await warm.take(warmLayout(layout, cached)) : undefined;
      if (join)
        return {
          file: join.file,
          args: join.args(request.cwd, inner),
          env: { ...request.env, ...setEnv },
          plan: decided,
        } satisfies SandboxedProcess;
      const args = buildBwrapArgs({ ...layout, cwd: request.cwd, setEnv }, inner);
      return { file: found.path!, args, env: request.env, plan: decided } satisfies SandboxedProcess;
    },
    async report(cwd) {
      return buildReport(settings, await probe(), await layoutParts(), hostInstalls(env.PATH), roots, cwd);
    },
    async dispose() {
      pool?.dispose();
      pool = undefined;
      if (proxy) await (await proxy).close();
      maskCache?.dispose();
      if (empties) rmSync(empties.base, { recursive: true, force: true });
      empties = undefined;
    },
  };
}

/** Which file a path is now: device, inode and birth time (`-` when missing). */
function identity(path: string): string {
  try {
    const s = statSync(path, { bigint: true, throwIfNoEntry: false });
    return s ? `${s.dev}:${s.ino}:${s.birthtimeNs}` : '-';
  } catch {
    return '-';
  }
}

/** A command's mounts: everything of its bubblewrap layout but the folder and environment. */
type MountLayout = Omit<BwrapLayout, 'cwd' | 'setEnv'>;

/** What a command's layout is made of, apart from the roots. */
interface LayoutParts {
  masks: MaskEntry[];
  readOnly: string[];
  writable: string[];
  /** The masks from the mask cache (the same array while nothing changed). */
  cached: readonly MaskEntry[];
}

function buildReport(
  settings: ResolvedSandboxSettings,
  found: BubblewrapProbe,
  parts: LayoutParts,
  hostReadable: string[],
  roots: string[],
  _cwd: string,
): SandboxReport {
  const deny = new Set(settings.denyRead);
  return {
    available: found.available,
    unavailableReason: found.reason,
    runner: found.available ? `${found.path}${found.version ? ` (${found.version})` : ''}` : undefined,
    mode: settings.mode,
    fallback: settings.fallback,
    network: settings.network,
    networkAllow: settings.networkAllow,
    writable:
      settings.mode === 'workspace-write' ? [...parts.writable, '/tmp (private to each command)'] : ['/tmp (private to each command)'],
    readOnly: settings.mode === 'read-only' ? [...roots, ...parts.readOnly] : parts.readOnly,
    hostReadable,
    masked: parts.masks.filter((m) => !deny.has(m.path)).map((m) => m.path),
    denyRead: settings.denyRead,
    excludedCommands: settings.excludedCommands,
  };
}
