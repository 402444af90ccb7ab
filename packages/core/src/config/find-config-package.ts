import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

type Json = Record<string, unknown>;

/** Conditions tried, in order, when a package's `exports` names several targets. */
const CONDITIONS = ['import', 'node', 'default'];

/**
 * The file a package specifier (`@acme/quiver-preset`, `@acme/presets/strict.json`) names,
 * found the way Node finds packages: in `node_modules` of `fromDir` and each folder above.
 * A bare package name means its main entry (`exports["."]` with the import condition, else
 * `module`, `main`, `index.js`); a subpath is a file inside the package. Undefined when the
 * package is not installed there.
 */
export function findConfigPackage(spec: string, fromDir: string): string | undefined {
  const parts = spec.split('/');
  const nameLength = spec.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, nameLength).join('/');
  const subpath = parts.slice(nameLength).join('/');
  const dir = findPackageDir(name, fromDir);
  if (!dir) return undefined;
  if (subpath) return join(dir, subpath);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Json;
  return join(dir, mainEntry(pkg));
}

function findPackageDir(name: string, fromDir: string): string | undefined {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function mainEntry(pkg: Json): string {
  const exportsField = pkg.exports;
  const dot = isObject(exportsField) && '.' in exportsField ? exportsField['.'] : exportsField;
  return (
    pickTarget(dot) ?? (typeof pkg.module === 'string' ? pkg.module : undefined) ?? (typeof pkg.main === 'string' ? pkg.main : 'index.js')
  );
}

function pickTarget(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!isObject(value)) return undefined;
  for (const condition of CONDITIONS) {
    const target = pickTarget(value[condition]);
    if (target) return target;
  }
  return undefined;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
