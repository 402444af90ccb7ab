import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A package manager a project may use. */
export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

const LOCKFILES: [string, PackageManager][] = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
];

/**
 * The package manager of the project at `dir`: its package.json's `packageManager` field, else
 * the lockfile found in it or a folder above (a workspace member has its lockfile at the root),
 * else npm (it comes with node).
 */
export function detectPackageManager(dir: string): PackageManager {
  const pj = join(dir, 'package.json');
  if (existsSync(pj)) {
    const field = (JSON.parse(readFileSync(pj, 'utf8')) as { packageManager?: string }).packageManager;
    const named = field?.split('@')[0];
    if (named === 'npm' || named === 'pnpm' || named === 'yarn' || named === 'bun') return named;
  }
  for (let at = dir; ; at = dirname(at)) {
    for (const [file, pm] of LOCKFILES) if (existsSync(join(at, file))) return pm;
    if (dirname(at) === at) return 'npm';
  }
}

/** The command that adds `spec` to the project's dependencies with `pm`. */
export function addCommand(pm: PackageManager, spec: string): { file: string; args: string[] } {
  if (pm === 'npm') return { file: 'npm', args: ['install', spec] };
  return { file: pm, args: ['add', spec] };
}

/** The command that removes `name` again (when the installed copy fails its check). */
export function removeCommand(pm: PackageManager, name: string): { file: string; args: string[] } {
  if (pm === 'npm') return { file: 'npm', args: ['uninstall', name] };
  return { file: pm, args: ['remove', name] };
}
