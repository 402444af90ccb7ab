import { execFile } from 'node:child_process';
import { findExecutable, isExecutable } from './find-executable.js';

/** Whether bubblewrap can run here, found once per binary. */
export interface BubblewrapProbe {
  available: boolean;
  /** The binary, when found. */
  path?: string;
  /** `bubblewrap 0.8.0`, when it ran. */
  version?: string;
  /** Why it cannot be used, and how to fix that. */
  reason?: string;
}

/** The environment variable that names the bubblewrap binary (default: `bwrap` on PATH). */
export const BWRAP_ENV = 'QUIVER_SANDBOX_BWRAP';

const HOW_TO_DISABLE =
  'or set "sandbox": { "mode": "off" } (no sandbox) or "sandbox": { "fallback": "unsandboxed" } (run with the command screen only) in quiver.config.json';
const probes = new Map<string, Promise<BubblewrapProbe>>();
/** Where bubblewrap was found, per `QUIVER_SANDBOX_BWRAP` and `PATH`: a search stats every PATH entry (~2 ms per command). */
const located = new Map<string, string>();

/**
 * Find bubblewrap and check, by running it once, that it can create the mount, PID and
 * network namespaces here (it cannot where unprivileged user namespaces are disabled, or in a
 * container without the capability). The answer is kept per binary for the process's life.
 */
export function probeBubblewrap(env: NodeJS.ProcessEnv = process.env): Promise<BubblewrapProbe> {
  if (process.platform !== 'linux') {
    return Promise.resolve({
      available: false,
      reason: `Quiver's sandbox needs Linux (bubblewrap); this is ${process.platform}, where no sandbox is implemented yet. Run on Linux, ${HOW_TO_DISABLE}.`,
    });
  }
  const named = env[BWRAP_ENV];
  const where = `${named ?? ''}\0${env.PATH ?? ''}`;
  // The binary found before, while it is still there and executable (one access check).
  const known = located.get(where);
  const path =
    known && isExecutable(known) ? known : named ? (isExecutable(named) ? named : undefined) : findExecutable('bwrap', env.PATH ?? '');
  if (path) located.set(where, path);
  else located.delete(where);
  if (!path) {
    return Promise.resolve({
      available: false,
      reason: `bubblewrap (${named ? `${named}, from ${BWRAP_ENV}` : 'bwrap'}) is not installed, so commands cannot run in the sandbox. Install it (Debian/Ubuntu: sudo apt-get install bubblewrap; Fedora: sudo dnf install bubblewrap; Arch: sudo pacman -S bubblewrap), ${HOW_TO_DISABLE}.`,
    });
  }
  let probe = probes.get(path);
  if (!probe) probes.set(path, (probe = runProbe(path)));
  return probe;
}

function runProbe(path: string): Promise<BubblewrapProbe> {
  const args = [
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--unshare-all',
    '--die-with-parent',
    '--cap-drop',
    'ALL',
    '--',
    'true',
  ];
  return new Promise((resolve) => {
    execFile(path, args, { timeout: 10_000 }, (error, _stdout, stderr) => {
      if (!error) {
        execFile(path, ['--version'], { timeout: 5000 }, (_e, out) =>
          resolve({ available: true, path, version: String(out ?? '').trim() || undefined }),
        );
        return;
      }
      const detail = String(stderr ?? '').trim() || error.message;
      resolve({
        available: false,
        path,
        reason: `bubblewrap (${path}) cannot create namespaces here: ${detail}. Allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu 24.04 also kernel.apparmor_restrict_unprivileged_userns=0), or run where containers permit them, ${HOW_TO_DISABLE}.`,
      });
    });
  });
}
