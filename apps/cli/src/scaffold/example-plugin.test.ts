// The example third-party plugin, named by a relative path in a config (resolved from the
// config file's folder), through the built CLI.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';

const exec = promisify(execFile);
const MONOREPO = resolve(import.meta.dirname, '../../../..');
const CLI_BIN = join(MONOREPO, 'apps/cli/dist/bin.js');

let dir: string;
beforeAll(async () => {
  for (const built of [CLI_BIN, join(MONOREPO, 'examples/quiver-tool-word-count/dist/index.js')]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run 'pnpm build' first (pnpm test does).`);
  }
  dir = await realpath(await mkdtemp(join(tmpdir(), 'quiver-example-path-')));
  // The project's own examples/ folder, as in this repo: the config names it relatively.
  await symlink(join(MONOREPO, 'examples'), join(dir, 'examples'));
  await writeFile(
    join(dir, 'quiver.config.json'),
    JSON.stringify({ extends: 'quiver:default', plugins: ['...', './examples/quiver-tool-word-count'], approval: { readFiles: true } }),
  );
  await writeFile(join(dir, 'a.txt'), 'one two three\n');
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const quiver = async (...args: string[]) =>
  (await exec(process.execPath, [CLI_BIN, ...args, '--trust', '--cwd', dir], { timeout: 60_000 })).stdout;

it('quiver tools lists word_count from the example beside the first-party tools', async () => {
  const tools = JSON.parse(await quiver('tools', '--json')) as { name: string; package: string }[];
  expect(tools).toContainEqual(expect.objectContaining({ name: 'word_count', package: 'quiver-tool-word-count' }));
  expect(tools.map((t) => t.name)).toContain('read_file');
});

it('quiver exec runs it through the pipeline', async () => {
  expect((await quiver('exec', 'word_count', '{"path":"a.txt"}')).trim()).toBe('a.txt: 1 lines, 3 words, 14 characters');
});
