import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '@quiver/workspace';
import { createIgnoreService, type QuiverIgnoreService } from './create-ignore-service.js';
import { createListingFilter, listingFilterFrom } from './listing-filter.js';

let base: string;
let root: string;
let ig: QuiverIgnoreService;

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-list-')));
  root = join(base, 'root');
  await mkdir(join(root, 'private'), { recursive: true });
  await mkdir(join(root, 'src'));
  await mkdir(join(base, 'outside'));
  await writeFile(join(root, '.quiverignore'), '.env\nprivate/\n');
  await writeFile(join(root, '.env'), '');
  await writeFile(join(root, 'src', 'a.ts'), '');
  await symlink('private', join(root, 'to-private'));
  await symlink('.env', join(root, 'to-env'));
  await symlink('src', join(root, 'to-src'));
  await symlink(join(base, 'outside'), join(root, 'to-outside'));
  await symlink('missing', join(root, 'dangling'));
  ig = await createIgnoreService(await createWorkspace([root]));
});
afterAll(async () => {
  ig.dispose();
  await rm(base, { recursive: true, force: true });
});

describe('createListingFilter (P7)', () => {
  it('hides ignored entries and the ignore file', () => {
    const f = createListingFilter(ig);
    expect(f.show(join(root, '.env'), false)).toBe(false);
    expect(f.show(join(root, 'private'), true)).toBe(false);
    expect(f.show(join(root, '.quiverignore'), false)).toBe(false);
    expect(f.show(join(root, 'src'), true)).toBe(true);
    expect(f.show(join(root, 'src', 'a.ts'), false)).toBe(true);
  });

  it('judges symlink entries by their targets too', () => {
    const f = createListingFilter(ig);
    expect(f.show(join(root, 'to-private'), true, true)).toBe(false);
    expect(f.show(join(root, 'to-env'), false, true)).toBe(false);
    expect(f.show(join(root, 'to-src'), true, true)).toBe(true);
    expect(f.show(join(root, 'to-outside'), true, true)).toBe(true);
    expect(f.show(join(root, 'dangling'), false, true)).toBe(true);
  });

  it('does not descend into ignored folders or links that lead outside', () => {
    const f = createListingFilter(ig);
    expect(f.descend(join(root, 'src'))).toBe(true);
    expect(f.descend(join(root, 'private'))).toBe(false);
    expect(f.descend(join(root, 'to-src'), true)).toBe(true);
    expect(f.descend(join(root, 'to-private'), true)).toBe(false);
    expect(f.descend(join(root, 'to-outside'), true)).toBe(false);
    expect(f.descend(join(root, 'dangling'), true)).toBe(false);
  });

  it('works over any IgnoreService given the roots', async () => {
    const f = listingFilterFrom((p, d) => ig.isIgnored(p, d), [{ name: 'root', path: root }]);
    expect(f.show(join(root, '.env'), false)).toBe(false);
    expect(f.descend(join(root, 'to-outside'), true)).toBe(false);
  });

  it("judges a folder's entries per folder exactly as show() does on their paths", () => {
    const generic = listingFilterFrom((p, d) => ig.isIgnored(p, d), [{ name: 'root', path: root }]);
    const names = ['.env', 'private', '.quiverignore', 'src', 'a.ts', '.ENV', 'x'];
    for (const f of [createListingFilter(ig), generic]) {
      for (const dir of [root, join(root, 'src'), join(root, 'private'), base, join(base, 'outside')]) {
        const shown = f.folder(dir);
        for (const name of names) for (const d of [false, true]) expect(shown(name, d), `${dir}/${name}`).toBe(f.show(`${dir}/${name}`, d));
      }
    }
  });

  it('gives a folder test for a foreign service whose listingFilter predates folder()', () => {
    const own = ig.listingFilter();
    const foreign = {
      fileName: ig.fileName,
      checkPath: ig.checkPath,
      isIgnored: ig.isIgnored,
      checkCommand: ig.checkCommand,
      listingFilter: () => ({ show: own.show, descend: own.descend }) as unknown as ReturnType<typeof ig.listingFilter>,
    };
    const f = createListingFilter(foreign);
    const shown = f.folder(root);
    expect(shown('.env', false)).toBe(false);
    expect(shown('src', true)).toBe(true);
    expect(f.descend(join(root, 'private'))).toBe(false);
  });
});
