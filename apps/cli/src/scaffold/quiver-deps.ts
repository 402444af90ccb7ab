import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CORE_VERSION, quiverError } from '@quiver/core';
import { CLI_ERRORS } from '../cli-errors.js';

/**
 * The @quiver packages a plugin's tests load: core and testing directly, the rest through
 * testing → runtime (mcp-hub since the runtime owns the `mcpServers` config section). They are not on the npm registry yet, so a plugin made outside this
 * monorepo points every one of them at a local copy (`overrides` reach the transitive ones).
 */
export const QUIVER_TEST_PACKAGES = ['core', 'testing', 'runtime', 'shell', 'workspace', 'ignore', 'fs', 'sandbox', 'mcp-hub'] as const;

/** Where the scaffold's @quiver dependencies come from. */
export type QuiverSource = { kind: 'registry' } | { kind: 'link'; root: string } | { kind: 'tarballs'; dir: string };

/** The dependency specs of a new plugin's package.json. */
export interface QuiverSpecs {
  core: string;
  testing: string;
  /** npm `overrides`, for local sources only. */
  overrides?: Record<string, string>;
}

/**
 * Dependency specs for a source: a semver range (registry), `file:` folders of a monorepo
 * checkout (link), or `file:` tarballs made with `pnpm pack` (tarballs).
 */
export function quiverSpecs(source: QuiverSource): QuiverSpecs {
  if (source.kind === 'registry') return { core: `^${CORE_VERSION}`, testing: `^${CORE_VERSION}` };
  const specs: Record<string, string> = {};
  for (const short of QUIVER_TEST_PACKAGES) {
    specs[`@quiver/${short}`] = `file:${source.kind === 'link' ? linkedFolder(source.root, short) : tarball(source.dir, short)}`;
  }
  return { core: specs['@quiver/core'], testing: specs['@quiver/testing'], overrides: specs };
}

function linkedFolder(root: string, short: string): string {
  const dir = resolve(root, 'packages', short);
  const pj = join(dir, 'package.json');
  const name = existsSync(pj) ? (JSON.parse(readFileSync(pj, 'utf8')) as { name?: string }).name : undefined;
  if (name !== `@quiver/${short}`) {
    throw quiverError(
      CLI_ERRORS.SCAFFOLD_FAILED,
      `--link ${root}: no @quiver/${short} at ${dir}. Point --link at the root of a Quiver monorepo checkout (the folder with packages/core).`,
      { file: pj },
    );
  }
  if (!existsSync(join(dir, 'dist'))) {
    throw quiverError(
      CLI_ERRORS.SCAFFOLD_FAILED,
      `--link ${root}: @quiver/${short} is not built (${join(dir, 'dist')} is missing). Run 'pnpm build' in the monorepo first.`,
      { file: dir },
    );
  }
  return dir;
}

/** The newest `quiver-<short>-<version>.tgz` in `dir` (the name `pnpm pack` gives `@quiver/<short>`). */
function tarball(dir: string, short: string): string {
  const folder = resolve(dir);
  const pattern = new RegExp(`^quiver-${short}-(\\d+\\.\\d+\\.\\d+[^/]*)\\.tgz$`);
  const found = existsSync(folder)
    ? readdirSync(folder)
        .filter((f) => pattern.test(f))
        .sort(byVersion(pattern))
    : [];
  if (!found.length) {
    throw quiverError(
      CLI_ERRORS.SCAFFOLD_FAILED,
      `--from-tarballs ${dir}: no quiver-${short}-<version>.tgz there. Run 'pnpm pack --pack-destination ${folder}' in packages/${short} of the monorepo.`,
      { file: folder },
    );
  }
  return join(folder, found[found.length - 1]);
}

function byVersion(pattern: RegExp) {
  const parts = (f: string) => (pattern.exec(f)?.[1] ?? '0.0.0').split(/[.-]/).map((p) => Number.parseInt(p, 10) || 0);
  return (a: string, b: string) => {
    const [x, y] = [parts(a), parts(b)];
    for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
    return 0;
  };
}
