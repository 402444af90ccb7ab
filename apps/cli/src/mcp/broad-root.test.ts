import { mkdtemp, rm, symlink, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadRootReason } from './broad-root.js';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'quiver-broad-root-'));
  await mkdir(join(tmp, 'home/me/project'), { recursive: true });
  await symlink('/', join(tmp, 'to-root'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('broadRootReason', () => {
  const home = () => join(tmp, 'home/me');
  it.each([
    ['/', /filesystem root/],
    ['/etc', /system folder/],
    ['/etc/ssh', /system folder/],
    ['/usr', /system folder/],
    ['/proc/self', /system folder/],
    ['/tmp', /system folder|above the home folder/],
  ])('refuses %s', (path, reason) => {
    expect(broadRootReason(path, home())).toMatch(reason);
  });

  it('refuses the home folder and the folders above it, not a project inside it', () => {
    expect(broadRootReason(home(), home())).toMatch(/home folder itself/);
    expect(broadRootReason(join(tmp, 'home'), home())).toMatch(/above the home folder/);
    expect(broadRootReason(join(home(), 'project'), home())).toBeUndefined();
  });

  it('resolves symlinks first: a link to / is /', () => {
    expect(broadRootReason(join(tmp, 'to-root'), home())).toMatch(/filesystem root/);
  });

  it('projects under /var, /opt or /usr/local/src are fine', () => {
    for (const p of ['/var/www/site', '/opt/app', '/usr/local/src/x']) expect(broadRootReason(p, home()), p).toBeUndefined();
  });
});
