import { chmod, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, isQuiverError } from '../index.js';
import { loadConfig, mergeConfigs, resolveConfig, type ConfigPresets } from '../host.js';

let root: string;
beforeEach(async () => void (root = await realpath(await mkdtemp(join(tmpdir(), 'quiver-core-extends-')))));
afterEach(async () => rm(root, { recursive: true, force: true }));

async function put(rel: string, value: unknown): Promise<string> {
  const file = join(root, rel);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

async function rejection(p: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(isQuiverError(e), `expected a QuiverError, got ${String(e)}`).toBe(true);
  return e as Error & Record<string, unknown>;
}

const PRESETS: ConfigPresets = {
  'quiver:default': { plugins: ['@quiver/tool-read-file', '@quiver/tool-list-files'], approval: { readFiles: true } },
};

describe('mergeConfigs', () => {
  it('later wins, objects merge at every depth, arrays are replaced', () => {
    const merged = mergeConfigs(
      { approval: { readFiles: true, editFiles: false }, tools: { a: { hidden: true } }, plugins: ['x', 'y'], ignoreFile: '.a' },
      { approval: { editFiles: true }, tools: { a: { enabled: false }, b: { hidden: true } }, plugins: ['z'] },
    );
    expect(merged).toEqual({
      approval: { readFiles: true, editFiles: true },
      tools: { a: { hidden: true, enabled: false }, b: { hidden: true } },
      plugins: ['z'],
      ignoreFile: '.a',
    });
  });

  it('an array starting with "..." appends to the layers below; with nothing below it is just its items', () => {
    expect(mergeConfigs({ plugins: ['a'] }, { plugins: ['...', 'b'] }, { plugins: ['...', 'c'] })).toEqual({ plugins: ['a', 'b', 'c'] });
    expect(mergeConfigs({ plugins: ['...', 'b'] })).toEqual({ plugins: ['b'] });
    expect(mergeConfigs({ commandPermissions: { allow: ['git *'] } }, { commandPermissions: { allow: ['...', 'npm test'] } })).toEqual({
      commandPermissions: { allow: ['git *', 'npm test'] },
    });
  });

  it('undefined in a later layer does not erase, and the inputs are left alone', () => {
    const base = { approval: { readFiles: true } };
    expect(mergeConfigs(base, { approval: undefined, ignoreFile: undefined })).toEqual({ approval: { readFiles: true } });
    mergeConfigs(base, { approval: { editFiles: true } });
    expect(base).toEqual({ approval: { readFiles: true } });
  });
});

describe('extends', () => {
  it('a host preset (quiver:default) supplies plugins; the config overrides and trims', async () => {
    const file = await put('quiver.config.json', {
      extends: 'quiver:default',
      tools: { list_files: { enabled: false } },
      approval: { editFiles: true },
    });
    const loaded = await loadConfig({ cwd: root, presets: PRESETS, trusted: true });
    expect(loaded.file).toBe(file);
    expect(loaded.layers).toEqual(['quiver:default']);
    expect(loaded.config).toMatchObject({
      plugins: ['@quiver/tool-read-file', '@quiver/tool-list-files'],
      approval: { readFiles: true, editFiles: true },
      tools: { list_files: { enabled: false } },
    });
  });

  it('"..." adds a plugin to the preset\'s list; a plain list replaces it', async () => {
    await put('a/quiver.config.json', { extends: 'quiver:default', plugins: ['...', './my-plugin'] });
    await put('b/quiver.config.json', { extends: 'quiver:default', plugins: ['./my-plugin'] });
    expect((await loadConfig({ cwd: join(root, 'a'), presets: PRESETS, trusted: true })).config.plugins).toEqual([
      '@quiver/tool-read-file',
      '@quiver/tool-list-files',
      './my-plugin',
    ]);
    expect((await loadConfig({ cwd: join(root, 'b'), presets: PRESETS, trusted: true })).config.plugins).toEqual(['./my-plugin']);
  });

  it('another config file, relative to the extending file; its own extends apply first; later entries win', async () => {
    await put('shared/base.json', {
      extends: 'quiver:default',
      approval: { readFiles: false, editFiles: true },
      ignoreFile: '.base-ignore',
    });
    await put('shared/strict.mjs', "export default { approval: { editFiles: false }, commandPermissions: { deny: ['rm *'] } };\n");
    await put('project/quiver.config.json', { extends: ['../shared/base.json', '../shared/strict.mjs'], ignoreFile: '.quiverignore' });
    const loaded = await loadConfig({ cwd: join(root, 'project'), presets: PRESETS, trusted: true });
    expect(loaded.layers).toEqual(['quiver:default', join(root, 'shared/base.json'), join(root, 'shared/strict.mjs')]);
    expect(loaded.config).toMatchObject({
      approval: { readFiles: false, editFiles: false },
      commandPermissions: { deny: ['rm *'] },
      ignoreFile: '.quiverignore',
      plugins: ['@quiver/tool-read-file', '@quiver/tool-list-files'],
    });
    expect(loaded.config).not.toHaveProperty('extends');
  });

  it("a base's relative plugin paths, roots and hook scripts stay relative to the base's folder", async () => {
    await put('shared/hooks/check.sh', '#!/bin/sh\nexit 0\n');
    await chmod(join(root, 'shared/hooks/check.sh'), 0o755);
    await put('shared/base.json', {
      plugins: ['./plugins/acme', { name: '../vendor/other', options: { x: 1 } }, '@quiver/tool-not-installed-here'],
      workspaceRoots: ['.', { name: 'docs', path: './docs' }],
      hooks: { PreToolUse: [{ matcher: 'read_file', hooks: [{ command: './hooks/check.sh --strict' }, { command: 'true' }] }] },
    });
    await put('project/quiver.config.json', { extends: '../shared/base.json' });
    const { config } = await loadConfig({ cwd: join(root, 'project'), trusted: true });
    expect(config.plugins).toEqual([
      join(root, 'shared/plugins/acme'),
      { name: join(root, 'vendor/other'), options: { x: 1 } },
      '@quiver/tool-not-installed-here',
    ]);
    expect(config.workspaceRoots).toEqual([join(root, 'shared'), { name: 'docs', path: join(root, 'shared/docs') }]);
    expect(config.hooks?.PreToolUse?.[0].hooks.map((h) => h.command)).toEqual([`${join(root, 'shared/hooks/check.sh')} --strict`, 'true']);
  });

  it('a package: its main entry (import condition) or a file inside it, resolved from the config folder upward', async () => {
    const pkg = 'node_modules/@acme/quiver-preset';
    await put(`${pkg}/package.json`, { name: '@acme/quiver-preset', type: 'module', exports: { '.': { import: './preset.mjs' } } });
    await put(`${pkg}/preset.mjs`, "export default { plugins: ['./plugin'], approval: { readFiles: true } };\n");
    await put(`${pkg}/strict.json`, { approval: { readFiles: false } });
    await put(`${pkg}/plugin/package.json`, { name: 'acme-plugin' });
    await put('app/sub/quiver.config.json', { extends: ['@acme/quiver-preset', '@acme/quiver-preset/strict.json'] });
    const loaded = await loadConfig({ cwd: join(root, 'app/sub'), trusted: true });
    expect(loaded.config).toMatchObject({ plugins: [join(root, pkg, 'plugin')], approval: { readFiles: false } });
    expect(loaded.layers).toEqual([join(root, pkg, 'preset.mjs'), join(root, pkg, 'strict.json')]);
  });

  it('a plugin name in a package preset resolves from the preset when installed beside it', async () => {
    const pkg = 'node_modules/acme-preset';
    await put(`${pkg}/package.json`, { name: 'acme-preset', main: 'index.json' });
    await put(`${pkg}/index.json`, { plugins: ['quiver-tool-acme'] });
    await put(`${pkg}/node_modules/quiver-tool-acme/package.json`, { name: 'quiver-tool-acme' });
    await put('quiver.config.json', { extends: 'acme-preset' });
    expect((await loadConfig({ cwd: root, trusted: true })).config.plugins).toEqual([join(root, pkg, 'node_modules/quiver-tool-acme')]);
  });

  it('resolveConfig applies extends to an in-memory config (distributions, tests)', async () => {
    await put('base.json', { approval: { yolo: true } });
    const { config, layers } = await resolveConfig({ extends: ['quiver:default', './base.json'] }, { dir: root, presets: PRESETS });
    expect(config).toMatchObject({
      approval: { readFiles: true, yolo: true },
      plugins: ['@quiver/tool-read-file', '@quiver/tool-list-files'],
    });
    expect(layers).toEqual(['quiver:default', join(root, 'base.json')]);
  });
});

describe("extends errors are QUIVER_ERR_CONFIG_EXTENDS (or the base file's own error)", () => {
  it.each([
    ['an unknown quiver: preset', { extends: 'quiver:nope' }, ["'quiver:nope'", 'Known presets: quiver:default']],
    ['a missing file', { extends: './missing.json' }, ['missing.json', 'does not exist']],
    ['a package that is not installed', { extends: '@acme/nowhere' }, ["'@acme/nowhere'", 'npm i -D @acme/nowhere']],
  ])('%s', async (_what, config, says) => {
    const file = await put('quiver.config.json', config);
    const e = await rejection(loadConfig({ cwd: root, presets: PRESETS, trusted: true }));
    expect(e).toMatchObject({ code: ERROR_CODES.CONFIG_EXTENDS, file, key: 'extends' });
    for (const phrase of says) expect(e.message).toContain(phrase);
  });

  it('a cycle is named, not followed forever', async () => {
    await put('a.json', { extends: './b.json' });
    await put('b.json', { extends: './a.json' });
    const e = await rejection(loadConfig({ cwd: root, file: 'a.json' }));
    expect(e.code).toBe(ERROR_CODES.CONFIG_EXTENDS);
    expect(e.message).toContain('extends it back');
  });

  it('a bad key in a base names the base file', async () => {
    const base = await put('shared/base.json', { approval: { readFile: true } });
    await put('quiver.config.json', { extends: './shared/base.json' });
    const e = await rejection(loadConfig({ cwd: root, trusted: true }));
    expect(e).toMatchObject({ code: ERROR_CODES.CONFIG_INVALID, file: base, key: 'approval.readFile' });
  });
});
