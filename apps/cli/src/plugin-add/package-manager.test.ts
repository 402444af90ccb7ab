import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addCommand, detectPackageManager } from './package-manager.js';

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'quiver-pm-')));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

it.each([
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lock', 'bun'],
  ['package-lock.json', 'npm'],
] as const)('%s means %s', async (lockfile, pm) => {
  await writeFile(join(dir, lockfile), '');
  expect(detectPackageManager(dir)).toBe(pm);
});

it('the packageManager field wins; a workspace member finds the root lockfile', async () => {
  await writeFile(join(dir, 'pnpm-lock.yaml'), '');
  await mkdir(join(dir, 'member'));
  expect(detectPackageManager(join(dir, 'member'))).toBe('pnpm');
  await writeFile(join(dir, 'member/package.json'), JSON.stringify({ packageManager: 'yarn@4.5.0' }));
  expect(detectPackageManager(join(dir, 'member'))).toBe('yarn');
});

it('npm installs, the others add', () => {
  expect(addCommand('npm', 'x')).toEqual({ file: 'npm', args: ['install', 'x'] });
  expect(addCommand('pnpm', 'x')).toEqual({ file: 'pnpm', args: ['add', 'x'] });
});
