import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The real folder of package `name` as Node's resolution finds it from `base`: the package
 * `base` belongs to when it has that name (a self-reference), else `<dir>/node_modules/<name>`
 * for `base` and each folder above it, nearest first, where that package.json exists.
 * `require.resolve(name + '/package.json')` did this before at ~0.5 ms a plugin (a
 * createRequire and its full module lookup); this is one `stat` per folder. Unlike it, a
 * package whose `exports` leave out `./package.json` is found too. Nothing is cached across
 * calls but the base's own package name (by its package.json's mtime and size), so a package
 * installed while a server runs is found by the next runtime.
 * @returns the real path (symlinks resolved, as Node's loader uses it), or undefined.
 */
export function findPackageDir(name: string, base: string): string | undefined {
  const self = ownPackage(base);
  if (self?.name === name) return realpathSync.native(self.dir);
  for (let dir = base; ; dir = dirname(dir)) {
    // Node skips `…/node_modules/node_modules`.
    if (!/[\\/]node_modules$/.test(dir)) {
      const pkg = join(dir, 'node_modules', name);
      if (existsSync(join(pkg, 'package.json'))) return realpathSync.native(pkg);
    }
    if (dirname(dir) === dir) return undefined;
  }
}

const names = new Map<string, { mtimeMs: number; size: number; name?: string }>();

/** The package `dir` is in (the nearest package.json, Node's package scope), if it is named. */
function ownPackage(from: string): { name: string; dir: string } | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const pj = join(dir, 'package.json');
    const st = statSync(pj, { throwIfNoEntry: false });
    if (st?.isFile()) {
      let known = names.get(pj);
      if (!known || known.mtimeMs !== st.mtimeMs || known.size !== st.size) {
        known = { mtimeMs: st.mtimeMs, size: st.size, name: readName(pj) };
        names.set(pj, known);
      }
      return known.name === undefined ? undefined : { name: known.name, dir };
    }
    if (dirname(dir) === dir || /[\\/]node_modules$/.test(dir)) return undefined;
  }
}

function readName(pj: string): string | undefined {
  try {
    const name = (JSON.parse(readFileSync(pj, 'utf8')) as { name?: unknown }).name;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}
