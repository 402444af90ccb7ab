import type { MaskEntry } from './compute-masks.js';
import { READ_ONLY_PROC } from './read-only-proc.js';

/** Everything one bubblewrap command line is built from. */
export interface BwrapLayout {
  mode: 'workspace-write' | 'read-only';
  /** The workspace roots: writable in workspace-write, read-only in read-only. */
  roots: readonly string[];
  /** More writable paths (workspace-write only; existing ones). */
  allowWrite: readonly string[];
  /** Host paths shown read-only before the roots are mounted (a hook's config folder; existing ones). */
  readable?: readonly string[];
  /** Paths inside writable roots that stay read-only: `.git`, the ignore files, the config (existing ones). */
  readOnly: readonly string[];
  /** Paths hidden behind an empty file or folder (ignored entries, `sandbox.denyRead`). */
  masks: readonly MaskEntry[];
  /** `on` shares the host's network; otherwise the sandbox has only its own loopback. */
  network: 'off' | 'on' | 'allowlist';
  cwd: string;
  /** An empty mode-000 file, mounted over each file mask (folder masks get their own tmpfs). */
  emptyFile: string;
  /** Extra environment inside (`QUIVER_SANDBOX`, proxy variables). */
  setEnv: Readonly<Record<string, string>>;
}

/**
 * The bubblewrap arguments for one command, in mount order: the whole filesystem read-only,
 * a fresh /dev and /proc, a private /tmp, then host paths the process must read (before the
 * roots, so a readable parent never covers a writable root), then the writable roots, then what stays read-only
 * inside them, then the file masks, then the folder masks — later mounts cover earlier ones. A masked file gets the empty
 * mode-000 file bound over it; a masked folder gets a fresh mode-000 tmpfs of one page: a bind
 * costs bubblewrap about a millisecond (it re-reads the mount table to remount read-only), a
 * tmpfs almost nothing, and a workspace may hide hundreds of folders. Nothing under a folder
 * mask is readable or writable (mode 000, no capabilities; a command that chmods it, as its
 * owner, writes into that page only, gone when it ends). Every namespace is new
 * (mount, PID, network, IPC, UTS, user, cgroup; `network: on` shares the host's network), all
 * capabilities are dropped (so even root cannot read a mode-000 mask), and the sandbox dies
 * with its parent.
 */
export function buildBwrapArgs(layout: BwrapLayout, argv: readonly string[]): string[] {
  const args = buildBwrapMounts(layout);
  for (const [name, value] of Object.entries(layout.setEnv)) args.push('--setenv', name, value);
  args.push('--chdir', layout.cwd, '--', ...argv);
  return args;
}

/** The namespaces and mounts of {@link buildBwrapArgs}, without the environment, folder and command. */
export function buildBwrapMounts(layout: Omit<BwrapLayout, 'cwd' | 'setEnv'>): string[] {
  const args = ['--die-with-parent', '--unshare-all'];
  if (layout.network === 'on') args.push('--share-net');
  args.push('--cap-drop', 'ALL', '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc');
  // Read-only sysctls (and the rest of READ_ONLY_PROC): run as root, uid 0 inside is the
  // host's root (only capabilities are dropped), and bubblewrap leaves /proc/sys writable when
  // its folder is not (it is 0555): a command could otherwise set kernel.core_pattern. The
  // values read are the sandbox's own (a sysctl answers for the namespaces of the process that
  // reads it). A slot mounts the same list read-only over its fresh /proc.
  const [sys, ...others] = READ_ONLY_PROC;
  args.push('--ro-bind', sys!, sys!);
  for (const path of others) args.push('--ro-bind-try', path, path);
  args.push('--tmpfs', '/tmp', '--tmpfs', '/dev/shm');
  for (const path of layout.readable ?? []) args.push('--ro-bind', path, path);
  const rootBind = layout.mode === 'workspace-write' ? '--bind' : '--ro-bind';
  for (const root of layout.roots) args.push(rootBind, root, root);
  if (layout.mode === 'workspace-write') for (const path of layout.allowWrite) args.push('--bind', path, path);
  for (const path of layout.readOnly) args.push('--ro-bind', path, path);
  // Binds first: bubblewrap reads the whole mount table for each one, so each costs more with
  // every mount before it, while a tmpfs costs the same wherever it comes. No file mask lies
  // under a folder mask (the walk does not enter hidden folders), so the order hides nothing.
  for (const mask of layout.masks) if (!mask.directory) args.push('--ro-bind', layout.emptyFile, mask.path);
  for (const mask of layout.masks) if (mask.directory) args.push('--perms', '0000', '--size', '4096', '--tmpfs', mask.path);
  return args;
}
