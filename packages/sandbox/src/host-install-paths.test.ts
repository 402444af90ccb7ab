import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hostInstallPaths } from './host-install-paths.js';

let base: string;
beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-installs-')));
  await mkdir(join(base, 'node/bin'), { recursive: true });
  await writeFile(join(base, 'node/bin/node'), '');
  await mkdir(join(base, 'repo/node_modules/.bin'), { recursive: true });
  await mkdir(join(base, 'tools'), { recursive: true });
});
afterEach(() => rm(base, { recursive: true, force: true }));

describe('hostInstallPaths', () => {
  it("shows a Node.js under /tmp by its prefix, a PATH's bin and .bin folders by their parent, other entries as they are", () => {
    const path = [join(base, 'repo/node_modules/.bin'), join(base, 'tools'), '/usr/bin', 'relative/bin', join(base, 'missing/bin')].join(
      ':',
    );
    expect(hostInstallPaths({ execPath: join(base, 'node/bin/node'), path, privateDirs: [base] }).sort()).toEqual(
      [join(base, 'node'), join(base, 'repo/node_modules'), join(base, 'tools')].sort(),
    );
  });

  it('never shows a private folder whole, and drops folders inside another shown one', () => {
    const path = [join(base, 'bin'), join(base, 'node/bin'), join(base, 'node/lib')].join(':');
    // base/bin is missing; base/node/lib is inside base/node; a bin folder right under the
    // private folder is shown itself, never its parent (the private folder).
    expect(hostInstallPaths({ execPath: '/usr/bin/node', path, privateDirs: [base] })).toEqual([join(base, 'node')]);
    expect(hostInstallPaths({ execPath: join(base, 'node/bin/node'), path: '', privateDirs: [join(base, 'node')] })).toEqual([
      join(base, 'node/bin'),
    ]);
  });
});
