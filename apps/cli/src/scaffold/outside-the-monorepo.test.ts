// What an outsider does, in temp folders outside this repo, with the @quiver packages as the
// tarballs a release would publish (`pnpm pack`): scaffold a plugin and build and test it;
// install a plugin tarball into a fresh project and run it with the quiver CLI.
// npm reaches only the npm registry; the @quiver packages come from the tarballs.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packPackages, tarballFiles } from './pack-packages.js';
import { QUIVER_TEST_PACKAGES } from './quiver-deps.js';

const exec = promisify(execFile);
const MONOREPO = resolve(import.meta.dirname, '../../../..');
const CLI_BIN = join(MONOREPO, 'apps/cli/dist/bin.js');
const EXAMPLE = join(MONOREPO, 'examples/quiver-tool-word-count');

/** How npm reaches the registry: kept from the environment (pnpm passes its own on). */
const REGISTRY_SETTINGS = /^npm_config_(registry|cafile|ca|strict_ssl|proxy|https_proxy|noproxy)$/i;

/** The environment of npm and the scaffold's own vitest: none of this run's pnpm/vitest settings. */
const cleanEnv = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => REGISTRY_SETTINGS.test(k) || !/^(npm_|pnpm_|vitest|tinypool|node_options$|node_env$|force_color$)/i.test(k),
    ),
  ),
  NO_COLOR: '1',
};

async function sh(file: string, args: string[], cwd: string, timeout = 100_000): Promise<string> {
  try {
    const { stdout } = await exec(file, args, { cwd, env: cleanEnv, timeout, maxBuffer: 32 * 1024 * 1024 });
    return stdout;
  } catch (e) {
    const err = e as Error & { stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(' ')} failed in ${cwd}: ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
  }
}
const npm = (args: string[], cwd: string) => sh('npm', args, cwd);
const quiver = (args: string[], cwd: string) => sh(process.execPath, [CLI_BIN, ...args], cwd, 60_000);

let base: string;
let tgz: string;
let tarballs: string[];

beforeAll(async () => {
  for (const built of [CLI_BIN, join(EXAMPLE, 'dist/index.js')]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run 'pnpm build' first (pnpm test does).`);
  }
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-outside-')));
  tgz = join(base, 'tarballs');
  await mkdir(tgz);
  tarballs = await packPackages([...QUIVER_TEST_PACKAGES.map((p) => join(MONOREPO, 'packages', p)), EXAMPLE], tgz);
}, 120_000);

afterAll(async () => rm(base, { recursive: true, force: true }));

describe('the packed tarballs', () => {
  it('one per package, workspace ranges rewritten', () => {
    expect(tarballs).toEqual([...QUIVER_TEST_PACKAGES.map((p) => `quiver-${p}-0.1.0.tgz`), 'quiver-tool-word-count-0.1.0.tgz'].sort());
  });

  it.each(['quiver-core-0.1.0.tgz', 'quiver-testing-0.1.0.tgz', 'quiver-tool-word-count-0.1.0.tgz'])(
    '%s holds only package.json, README and dist (no sources, no tests)',
    async (name) => {
      const files = await tarballFiles(join(tgz, name));
      expect(files).toContain('package.json');
      expect(files).toContain('dist/index.js');
      expect(files).toContain('dist/index.d.ts');
      const stray = files.filter(
        (f) => !/^(package\.json|README\.md|LICENSE|dist\/.+|bin\/.+\.mjs|schema\/.+\.json)$/.test(f) || /\.test\.|(^|\/)src\//.test(f),
      );
      expect(stray).toEqual([]);
    },
  );
});

describe('quiver plugin new, outside the monorepo', () => {
  it('scaffolds a plugin that installs from the tarballs, builds, type-checks, passes its tests and publint', async () => {
    const dir = join(base, 'acme-plugin');
    const out = JSON.parse(await quiver(['plugin', 'new', '@acme/file-size', '--dir', dir, '--from-tarballs', tgz, '--json'], base));
    expect(out).toMatchObject({ dir, package: '@acme/quiver-tool-file-size', tool: 'file_size' });
    await npm(['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
    await npm(['run', 'build'], dir);
    expect(existsSync(join(dir, 'dist/index.d.ts'))).toBe(true);
    await npm(['run', 'typecheck'], dir);
    const tests = await npm(['test'], dir);
    expect(tests).toMatch(/Tests\s+6 passed/);
    await npm(['run', 'lint'], dir);
  }, 120_000);
});

describe('quiver plugin new --link', () => {
  it('points @quiver/* at this checkout; the plugin installs and passes its tests', async () => {
    const dir = join(base, 'linked-plugin');
    await quiver(['plugin', 'new', 'linked', '--dir', dir, '--link', MONOREPO], base);
    await npm(['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
    expect(await npm(['test'], dir)).toMatch(/Tests\s+6 passed/);
  }, 120_000);
});

describe('the example plugin as a tarball in a fresh project', () => {
  it('npm installs it; quiver tools lists word_count and quiver exec runs it', async () => {
    const project = join(base, 'consumer');
    await mkdir(project);
    const file = (name: string) => `file:${join(tgz, name)}`;
    await writeFile(
      join(project, 'package.json'),
      JSON.stringify({
        name: 'consumer',
        private: true,
        dependencies: { 'quiver-tool-word-count': file('quiver-tool-word-count-0.1.0.tgz'), '@quiver/core': file('quiver-core-0.1.0.tgz') },
        overrides: { '@quiver/core': file('quiver-core-0.1.0.tgz') },
      }),
    );
    await writeFile(
      join(project, 'quiver.config.json'),
      JSON.stringify({ plugins: ['quiver-tool-word-count'], approval: { readFiles: true } }),
    );
    await writeFile(join(project, 'poem.txt'), 'so much depends\nupon\n');
    await npm(['install', '--prefer-offline', '--no-audit', '--no-fund'], project);

    const tools = JSON.parse(await quiver(['tools', '--json', '--trust', '--cwd', project], base)) as { name: string; package: string }[];
    expect(tools).toEqual([
      { name: 'word_count', package: 'quiver-tool-word-count', description: 'Count the lines, words and characters of a workspace file' },
    ]);
    const result = await quiver(['exec', 'word_count', '{"path":"poem.txt"}', '--trust', '--cwd', project], base);
    expect(result.trim()).toBe('poem.txt: 2 lines, 4 words, 21 characters');
  }, 120_000);
});
