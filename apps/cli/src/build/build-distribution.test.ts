// `quiver build`: bundle three first-party plugins with a baked config, move the output to a
// folder with no node_modules anywhere above it, and run it there with plain node.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_DIR } from '../open-runtime.js';
import { buildDistribution, DISTRIBUTION_BIN, type BuildResult } from './build-distribution.js';

const run = promisify(execFile);
const PLUGINS = ['@quiver/tool-read-file', '@quiver/tool-list-files', '@quiver/tool-search-files'];

let base: string;
let built: BuildResult;
/** The distribution after the move: no node_modules in it or above it. */
let moved: string;
let project: string;

async function quiver(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(moved, DISTRIBUTION_BIN), ...args], { cwd: project, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? -1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-build-')));
  await writeFile(
    join(base, 'dist.config.json'),
    JSON.stringify({ plugins: PLUGINS, ignoreFile: '.distignore', approval: { readFiles: true } }),
  );
  built = await buildDistribution({ configFile: 'dist.config.json', outDir: 'out', cwd: base, cliDir: CLI_DIR });
  moved = join(base, 'elsewhere', 'quiver-dist');
  await cp(built.outDir, moved, { recursive: true });
  await rm(built.outDir, { recursive: true });
  project = join(base, 'project');
  await mkdir(project);
  await writeFile(join(project, 'notes.txt'), 'alpha\nneedle here\n');
  await writeFile(join(project, 'secret.txt'), 'classified\n');
  await writeFile(join(project, '.distignore'), 'secret.txt\n');
  // A project config naming other plugins: the distribution's own settings win.
  await writeFile(join(project, 'quiver.config.json'), JSON.stringify({ plugins: ['./nowhere'] }));
}, 120_000);

afterAll(async () => rm(base, { recursive: true, force: true }));

describe('quiver build', () => {
  it('writes the bundle, the ripgrep binary and a manifest, and nothing else', async () => {
    expect((await readdir(moved)).sort()).toEqual(['distribution.json', DISTRIBUTION_BIN, 'rg']);
    expect(built.plugins.map((p) => p.name)).toEqual(PLUGINS);
    expect(built.assets).toEqual(['rg']);
    const manifest = JSON.parse(await readFile(join(moved, 'distribution.json'), 'utf8'));
    expect(manifest.plugins.map((p: { tools: string[] }) => p.tools).flat()).toEqual(['read_file', 'list_files', 'search_files']);
    expect(manifest.config).toMatchObject({ ignoreFile: '.distignore' });
    expect(manifest.config).not.toHaveProperty('plugins');
  });

  it('tools --json lists exactly the three tools, from the moved folder', async () => {
    const r = await quiver('tools', '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(
      JSON.parse(r.stdout)
        .map((t: { name: string }) => t.name)
        .sort(),
    ).toEqual(['list_files', 'read_file', 'search_files']);
  });

  it('exec read_file runs through the pipeline with the baked settings', async () => {
    const r = await quiver('exec', 'read_file', '{"path":"notes.txt"}');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('2 | needle here');
    const denied = await quiver('exec', 'read_file', '{"path":"secret.txt"}');
    expect(denied.code).toBe(1);
    expect(denied.stdout).toContain('.distignore');
  });

  it('search_files finds rg next to the bundle', async () => {
    const r = await quiver('exec', 'search_files', '{"path":".","regex":"needle"}');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('needle here');
  });

  it('a tool left out of the build is unknown', async () => {
    const r = await quiver('exec', 'execute_command', '{"command":"echo hi","requires_approval":false}');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("No tool named 'execute_command' is available. Use one of: read_file, list_files, search_files.");
  });
});

describe('quiver build errors', () => {
  it('a plugin that is not installed is a config error naming it', async () => {
    await writeFile(join(base, 'bad.config.json'), JSON.stringify({ plugins: ['@quiver/tool-nope'] }));
    await expect(buildDistribution({ configFile: 'bad.config.json', outDir: 'bad-out', cwd: base, cliDir: CLI_DIR })).rejects.toMatchObject(
      {
        code: 'QUIVER_ERR_PLUGIN_NOT_FOUND',
        plugin: '@quiver/tool-nope',
      },
    );
  });
});
