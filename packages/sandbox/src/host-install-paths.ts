import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, isAbsolute, sep } from 'node:path';
import { isDirectory, realPathOf } from './fs-checks.js';

/** Where the host's programs may live that the sandbox's private /tmp would hide. */
export interface HostInstallSource {
  /** The running Node.js (`process.execPath`): commands and hooks often run `node`. */
  execPath: string;
  /** The `PATH` the command's shell searches. */
  path?: string;
  /** The temp folders the sandbox replaces with its own (`/tmp` and the OS temp folder). */
  privateDirs?: readonly string[];
}

/**
 * The installations under the private /tmp that a command must still find, to show read-only
 * inside: the running Node.js's prefix (`<prefix>/bin/node`, `<prefix>/lib/node_modules`)
 * and, for each `PATH` entry there, its installation — the folder above a `bin` or `.bin`
 * folder (a package's `node_modules/.bin` links point into `node_modules`), else the entry
 * itself. Paths outside the private folders are already visible (the filesystem is shown
 * read-only), and a private folder itself is never shown whole. Only existing folders.
 */
export function hostInstallPaths(source: HostInstallSource): string[] {
  const privateDirs = (source.privateDirs ?? ['/tmp', tmpdir()]).map(realPathOf).filter((p): p is string => !!p);
  const under = (path: string) => privateDirs.some((d) => path.startsWith(d + sep));
  const found = new Set<string>();
  const add = (path: string | undefined) => {
    if (path && under(path) && isDirectory(path)) found.add(path);
  };
  const node = realPathOf(source.execPath);
  if (node) add(installOf(dirname(node), under));
  for (const entry of (source.path ?? '').split(delimiter)) {
    if (!isAbsolute(entry)) continue; // a relative PATH entry resolves against the cwd, inside the roots
    const dir = realPathOf(entry);
    if (dir) add(installOf(dir, under));
  }
  // A folder inside another shown folder adds nothing (and costs a mount).
  const all = [...found].sort();
  return all.filter((p) => !all.some((q) => q !== p && p.startsWith(q + sep)));
}

/** A `bin` folder's parent (the prefix) while that is still under a private folder; else the folder. */
function installOf(binDir: string, under: (path: string) => boolean): string {
  const name = basename(binDir);
  const parent = dirname(binDir);
  return (name === 'bin' || name === '.bin') && under(parent) ? parent : binDir;
}
