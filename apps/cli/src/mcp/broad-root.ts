import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, parse, relative, resolve, sep, isAbsolute } from 'node:path';

/** Folders whose whole content belongs to the system: a root at or inside one is refused. */
const SYSTEM_TREES = [
  '/etc',
  '/proc',
  '/sys',
  '/dev',
  '/boot',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/System',
  '/private/etc',
  'C:\\Windows',
  'C:\\Program Files',
  'C:\\Program Files (x86)',
];

/** System folders refused as roots themselves; projects may live below them (`/var/www/site`, `/opt/app`, `/usr/local/src/x`). */
const SYSTEM_FOLDERS = [
  '/usr',
  '/usr/local',
  '/usr/share',
  '/usr/lib',
  '/var',
  '/var/lib',
  '/opt',
  '/srv',
  '/run',
  '/tmp',
  '/mnt',
  '/media',
  '/home',
  '/Users',
  '/Library',
  '/Applications',
  '/Volumes',
  '/root',
  '/snap',
];

/**
 * Why a client root is too broad to be a workspace, or undefined when it is fine: the
 * filesystem root (or a drive's), the home folder itself or any folder above it, a system
 * folder (`/usr`, `/var`, `/tmp`...), or anything inside a system tree (`/etc`, `/proc`...).
 * Symlinks are resolved first, so a link to `/` is `/`.
 * @example
 * broadRootReason('/'); // 'the filesystem root'
 * broadRootReason('/home/me/project'); // undefined
 */
export function broadRootReason(path: string, home: string = homedir()): string | undefined {
  const real = realOrResolved(path);
  const h = realOrResolved(home);
  if (parse(real).root === real) return 'the filesystem root';
  if (real === h) return 'the home folder itself';
  if (isInside(h, real)) return `a folder above the home folder (${h})`;
  for (const tree of SYSTEM_TREES) if (real === tree || isInside(real, tree)) return `a system folder (${tree})`;
  if (SYSTEM_FOLDERS.includes(real)) return `a system folder (${real})`;
  return undefined;
}

/** True when `child` is strictly inside `parent`. */
function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) && !rel.startsWith(`..${sep}`);
}

function realOrResolved(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    // A root that does not exist (yet): check its spelled path, and what its parent resolves to.
    const abs = resolve(path);
    try {
      return resolve(realpathSync.native(dirname(abs)), parse(abs).base);
    } catch {
      return abs;
    }
  }
}
