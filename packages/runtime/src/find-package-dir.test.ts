// Plugin packages are found as Node's resolution finds them (nearest node_modules first, the
// base's own package by name, symlinks resolved), without a createRequire per plugin.
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findPackageDir } from './find-package-dir.js';

let base: string;
beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-find-pkg-')));
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

async function pkg(dir: string, json: Record<string, unknown>): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify(json));
}

describe('findPackageDir', () => {
  it('takes the nearest node_modules first, then the ones above', async () => {
    await pkg(join(base, 'node_modules/@q/tool-a'), { name: '@q/tool-a', version: '1.0.0' });
    await pkg(join(base, 'app/node_modules/@q/tool-a'), { name: '@q/tool-a', version: '2.0.0' });
    await pkg(join(base, 'node_modules/tool-b'), { name: 'tool-b' });
    await mkdir(join(base, 'app/dist'), { recursive: true });
    expect(findPackageDir('@q/tool-a', join(base, 'app/dist'))).toBe(join(base, 'app/node_modules/@q/tool-a'));
    expect(findPackageDir('tool-b', join(base, 'app/dist'))).toBe(join(base, 'node_modules/tool-b'));
    expect(findPackageDir('tool-c', join(base, 'app/dist'))).toBeUndefined();
  });

  it('resolves a symlinked package (pnpm) to its real folder', async () => {
    await pkg(join(base, 'store/tool-a'), { name: 'tool-a' });
    await mkdir(join(base, 'app/node_modules'), { recursive: true });
    await symlink(join(base, 'store/tool-a'), join(base, 'app/node_modules/tool-a'), 'dir');
    expect(findPackageDir('tool-a', join(base, 'app'))).toBe(join(base, 'store/tool-a'));
  });

  it('finds the package the base belongs to by its name, and only the nearest one', async () => {
    await pkg(join(base, 'outer'), { name: 'outer-plugin' });
    await pkg(join(base, 'outer/inner'), { name: 'inner-plugin' });
    await mkdir(join(base, 'outer/inner/src'), { recursive: true });
    expect(findPackageDir('inner-plugin', join(base, 'outer/inner/src'))).toBe(join(base, 'outer/inner'));
    expect(findPackageDir('outer-plugin', join(base, 'outer/inner/src'))).toBeUndefined();
  });

  it('finds a package whose exports leave out ./package.json', async () => {
    await pkg(join(base, 'node_modules/tool-x'), { name: 'tool-x', exports: { '.': './index.js' } });
    expect(findPackageDir('tool-x', base)).toBe(join(base, 'node_modules/tool-x'));
  });

  it('sees a package installed after an earlier lookup', async () => {
    await mkdir(join(base, 'app'), { recursive: true });
    expect(findPackageDir('late', join(base, 'app'))).toBeUndefined();
    await pkg(join(base, 'node_modules/late'), { name: 'late' });
    expect(findPackageDir('late', join(base, 'app'))).toBe(join(base, 'node_modules/late'));
  });
});
