import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The pnpm release the monorepo pins (root package.json `packageManager`). */
const PNPM_VERSION = '10.34.8';

/**
 * The pnpm this process was started by (`pnpm test` sets npm_execpath), else the one on PATH,
 * else the pinned release through npx (as CI installs it).
 */
function pnpmCommand(): { file: string; args: string[] } {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(execPath))
    return /\.c?js$/.test(execPath) ? { file: process.execPath, args: [execPath] } : { file: execPath, args: [] };
  const onPath = (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, 'pnpm'), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  return onPath ? { file: 'pnpm', args: [] } : { file: 'npx', args: ['-y', `pnpm@${PNPM_VERSION}`] };
}

/**
 * `pnpm pack` each package folder into `outDir`, as a release would (pnpm rewrites
 * `workspace:^` ranges to real ones). Returns the tarball file names. Runs a few at a time.
 * @example
 * await packPackages(['packages/core', 'packages/testing'].map((d) => join(root, d)), tgzDir);
 */
export async function packPackages(dirs: readonly string[], outDir: string, concurrency = 4): Promise<string[]> {
  const pnpm = pnpmCommand();
  const queue = [...dirs];
  const worker = async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) {
      await run(pnpm.file, [...pnpm.args, 'pack', '--pack-destination', outDir], { cwd: dir, timeout: 60_000 });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, dirs.length) }, worker));
  return (await readdir(outDir)).filter((f) => f.endsWith('.tgz')).sort();
}

/** The files inside a tarball (paths without the leading `package/`). */
export async function tarballFiles(tarball: string): Promise<string[]> {
  const { stdout } = await run('tar', ['-tzf', tarball], { maxBuffer: 16 * 1024 * 1024 });
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ''))
    .sort();
}
