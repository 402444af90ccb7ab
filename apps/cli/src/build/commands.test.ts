// `quiver build` and `quiver plugin` as commands of the built CLI: help, usage errors, exit codes.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';

const exec = promisify(execFile);
const CLI_BIN = join(resolve(import.meta.dirname, '../..'), 'dist/bin.js');

async function quiver(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [CLI_BIN, ...args], { timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? -1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

beforeAll(() => {
  if (!existsSync(CLI_BIN)) throw new Error(`${CLI_BIN} is missing: run 'pnpm build' first (pnpm test does).`);
});

it('quiver --help names both commands', async () => {
  const { stdout } = await quiver('--help');
  expect(stdout).toContain('plugin new <name>');
  expect(stdout).toContain('build --config FILE --out DIR');
});

it.each([
  [['build'], 'Give the build config and the output folder.'],
  [['build', '--config', 'x.json'], 'Usage: quiver build --config FILE --out DIR'],
  [['plugin'], "Unknown plugin subcommand ''"],
  [['plugin', 'new'], "Give one plugin name, e.g. 'quiver plugin new word-count'."],
  [['plugin', 'new', 'x', '--link', '.', '--from-tarballs', '.'], 'Use --link or --from-tarballs, not both.'],
])('quiver %j is a usage error (exit 2)', async (args, says) => {
  const r = await quiver(...args);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(says);
  expect(r.stderr).toContain('QUIVER_ERR_CLI_USAGE');
});

it('quiver build --help and quiver plugin --help print the usage and exit 0', async () => {
  expect(await quiver('build', '--help')).toMatchObject({ code: 0, stdout: expect.stringContaining('Usage: quiver build') });
  expect(await quiver('plugin', '--help')).toMatchObject({ code: 0, stdout: expect.stringContaining('Usage: quiver plugin new') });
});
