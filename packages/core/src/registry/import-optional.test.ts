// importOptional: a package a lean install may leave out is imported from the caller's
// installation or a project folder, and its absence is an error naming it and how to add it.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importOptional, provideOptional } from './import-optional.js';

let base: string;
let caller: string;

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-optional-')));
  caller = pathToFileURL(join(base, 'host/dist/index.js')).href;
  const pkg = join(base, 'project/node_modules/@acme/parsers');
  await mkdir(join(pkg, 'dist'), { recursive: true });
  await writeFile(
    join(pkg, 'package.json'),
    JSON.stringify({ name: '@acme/parsers', type: 'module', exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } } }),
  );
  await writeFile(join(pkg, 'dist/index.js'), 'export const parse = (s) => s.toUpperCase();\n');
});

afterAll(async () => rm(base, { recursive: true, force: true }));

it('imports the package from a project folder when the caller has none', async () => {
  const mod = await importOptional<{ parse(s: string): string }>({
    name: '@acme/parsers',
    neededFor: 'Reading .acme files',
    from: [join(base, 'project')],
    callerUrl: caller,
  });
  expect(mod.parse('ok')).toBe('OK');
});

it('a package found nowhere is QUIVER_ERR_DEPENDENCY_MISSING naming it and how to add it', async () => {
  const missing = importOptional({
    name: '@acme/nowhere',
    neededFor: 'Reading .acme files',
    from: [join(base, 'project')],
    callerUrl: caller,
  });
  await expect(missing).rejects.toMatchObject({ code: 'QUIVER_ERR_DEPENDENCY_MISSING', key: '@acme/nowhere' });
  await expect(missing).rejects.toThrow(/Reading \.acme files needs the package @acme\/nowhere.*quiver plugin add @acme\/nowhere/);
});

it('a package the distribution carries is loaded from it, without looking on disk', async () => {
  provideOptional('@acme/bundled', async () => ({ parse: (s: string) => `bundled:${s}` }));
  const mod = await importOptional<{ parse(s: string): string }>({
    name: '@acme/bundled',
    neededFor: 'Reading .acme files',
    from: [join(base, 'project')],
    callerUrl: caller,
  });
  expect(mod.parse('x')).toBe('bundled:x');
});
