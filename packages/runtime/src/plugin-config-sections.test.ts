// A plugin's own top-level config section (definePlugin({ sections }) + the manifest's
// quiver.sections), through createRuntime with a real plugin package on disk: the key is
// accepted from the manifest before anything is imported, the value is parsed when the plugin
// loads, a key no plugin owns is still the unknown-key error, an untrusted folder's is left out.
import { createRequire } from 'node:module';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineConfigSection, definePlugin, defineTool, ERROR_CODES, resultText, type HostUi } from '@quiver/core';
import { createRuntime, type Runtime } from './index.js';

const ui: HostUi = { say: () => undefined, ask: async () => ({ response: 'yes' }), approve: async () => ({ approved: true }) };

// The package's entry imports the built core and zod by URL: it lives in a temp folder, outside
// the workspace, as a third party's installed plugin would (its own copy of core).
const coreUrl = pathToFileURL(join(import.meta.dirname, '../../core/dist/index.js')).href;
const zodUrl = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('zod')), 'index.js')).href;

const ENTRY = (sections: string) => `
import { z } from ${JSON.stringify(zodUrl)};
import { coreServices, defineConfigSection, definePlugin, defineTool } from ${JSON.stringify(coreUrl)};
const deploy = defineConfigSection({ key: 'acmeDeploy', schema: z.object({ region: z.string(), retries: z.number().int().default(3) }).strict() });
const info = defineTool({
  name: 'deploy_info', description: 'Says where deploys go.', params: z.object({}), approval: 'none',
  execute: async (config) => JSON.stringify(deploy.of(config.services.get(coreServices.config).config) ?? null),
});
export default definePlugin({ name: 'quiver-tool-acme-deploy', tools: [info], sections: ${sections} });
`;

let base: string;
let runtime: Runtime | undefined;
beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-sections-')));
});
afterEach(async () => {
  await runtime?.dispose();
  runtime = undefined;
  await rm(base, { recursive: true, force: true });
});

/** Write the plugin package into the folder; `sections` is the definition's list (source text). */
async function writePlugin(options: { manifestSections?: string[]; sections?: string } = {}): Promise<string> {
  const dir = join(base, 'acme-deploy');
  await mkdir(dir, { recursive: true });
  const quiver = { apiVersion: 1, tools: ['deploy_info'], entry: './index.mjs', sections: options.manifestSections ?? ['acmeDeploy'] };
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'quiver-tool-acme-deploy', version: '1.0.0', type: 'module', quiver }));
  await writeFile(join(dir, 'index.mjs'), ENTRY(options.sections ?? '[deploy]'));
  return dir;
}

async function writeConfig(config: unknown): Promise<string> {
  const file = join(base, 'quiver.config.json');
  await writeFile(file, JSON.stringify(config));
  return file;
}

describe("a plugin's config section", () => {
  it('is accepted from the manifest without importing the plugin, and parsed when it loads', async () => {
    await writePlugin();
    await writeConfig({ plugins: ['./acme-deploy'], acmeDeploy: { region: 'eu-west' } });
    runtime = await createRuntime({ cwd: base, ui, trusted: true });
    expect(runtime.host.registry.loadedPackages()).toEqual([]);
    const result = await runtime.createTask().call('deploy_info', {});
    expect(result.isError).toBe(false);
    // The schema's default is applied: the tool reads the parsed value.
    expect(JSON.parse(resultText(result))).toEqual({ region: 'eu-west', retries: 3 });
  });

  it('a bad value is a config error naming the file, the plugin and the key, when the plugin loads', async () => {
    await writePlugin();
    const file = await writeConfig({ plugins: ['./acme-deploy'], acmeDeploy: { region: 'eu-west', retries: 'many' } });
    runtime = await createRuntime({ cwd: base, ui, trusted: true });
    await expect(runtime.host.registry.get('deploy_info')).rejects.toMatchObject({
      code: ERROR_CODES.CONFIG_INVALID,
      file,
      plugin: 'quiver-tool-acme-deploy',
      key: 'acmeDeploy.retries',
    });
    const result = await runtime.createTask().call('deploy_info', {});
    expect(result).toMatchObject({ isError: true, code: ERROR_CODES.CONFIG_INVALID });
    expect(resultText(result)).toContain('acmeDeploy.retries');
  });

  it('a key no loaded plugin declares is still the unknown-key error, naming the file and the key', async () => {
    await writePlugin();
    const typo = await writeConfig({ plugins: ['./acme-deploy'], acmeDeplyo: { region: 'eu-west' } });
    await expect(createRuntime({ cwd: base, ui, trusted: true })).rejects.toMatchObject({
      code: ERROR_CODES.CONFIG_INVALID,
      file: typo,
      key: 'acmeDeplyo',
    });
    // The plugin's key without the plugin: nobody owns it.
    await writeConfig({ acmeDeploy: { region: 'eu-west' } });
    await expect(createRuntime({ cwd: base, ui, trusted: true })).rejects.toMatchObject({
      code: ERROR_CODES.CONFIG_INVALID,
      key: 'acmeDeploy',
    });
  });

  it('a package the host adds by folder (`packages`) declares its section before the keys are checked', async () => {
    const dir = await writePlugin();
    const config = { acmeDeploy: { region: 'eu-west' } };
    runtime = await createRuntime({ cwd: base, ui, config, noConfigPlugins: true, packages: [{ dir }] });
    const result = await runtime.createTask().call('deploy_info', {});
    expect(JSON.parse(resultText(result))).toEqual({ region: 'eu-west', retries: 3 });
    await expect(
      createRuntime({ cwd: base, ui, config: { acmeDeplyo: {} }, noConfigPlugins: true, packages: [{ dir }] }),
    ).rejects.toMatchObject({
      code: ERROR_CODES.CONFIG_INVALID,
      key: 'acmeDeplyo',
    });
  });

  it('the manifest must list exactly the sections the plugin defines', async () => {
    await writePlugin({ manifestSections: ['acmeDeploy', 'acmeOther'] });
    await writeConfig({ plugins: ['./acme-deploy'], acmeDeploy: { region: 'eu-west' } });
    runtime = await createRuntime({ cwd: base, ui, trusted: true });
    await expect(runtime.host.registry.get('deploy_info')).rejects.toMatchObject({
      code: ERROR_CODES.PLUGIN_EXPORT_MISMATCH,
      key: 'quiver.sections',
    });
  });

  it("an untrusted folder: a host plugin's section is left out and listed; the folder's own plugin's key is refused, never dropped silently", async () => {
    const section = defineConfigSection({ key: 'memo', schema: z.object({ level: z.string() }).strict() });
    const plugin = definePlugin({ name: 'quiver-tool-memo', sections: [section], tools: [] });
    await writeConfig({ memo: { level: 'high' } });
    const warnings: string[] = [];
    runtime = await createRuntime({ cwd: base, ui, trusted: false, onWarning: (m) => warnings.push(m), plugins: [{ plugin }] });
    expect(runtime.config.memo).toBeUndefined();
    expect(warnings.join('\n')).toContain('memo');
    await runtime.dispose();
    runtime = undefined;
    // The folder's plugin does not load untrusted (W1), so nothing owns its key.
    await writePlugin();
    await writeConfig({ plugins: ['./acme-deploy'], acmeDeploy: { region: 'eu-west' } });
    await expect(createRuntime({ cwd: base, ui, trusted: false, onWarning: () => {} })).rejects.toMatchObject({
      code: ERROR_CODES.CONFIG_INVALID,
      key: 'acmeDeploy',
    });
  });

  it('checkConfigKeys: a command that opens no runtime refuses a typo, accepts a plugin section (manifest only)', async () => {
    const { loadConfig } = await import('@quiver/core/host');
    const { checkConfigKeys, HOST_CONFIG_SECTIONS } = await import('./index.js');
    await writePlugin();
    await writeConfig({ plugins: ['./acme-deploy'], acmeDeploy: { region: 'eu-west' } });
    const ok = await loadConfig({ cwd: base, trusted: true, sections: HOST_CONFIG_SECTIONS, deferUnknownKeys: true });
    await expect(checkConfigKeys(ok)).resolves.toBeUndefined();
    const file = await writeConfig({ plugins: ['./acme-deploy'], sandbx: { mode: 'off' } });
    const typo = await loadConfig({ cwd: base, trusted: true, sections: HOST_CONFIG_SECTIONS, deferUnknownKeys: true });
    await expect(checkConfigKeys(typo)).rejects.toMatchObject({ code: ERROR_CODES.CONFIG_INVALID, file, key: 'sandbx' });
  });

  it('an in-memory plugin declares its section too; a bad value throws when it is added', async () => {
    const section = defineConfigSection({ key: 'memo', schema: z.object({ level: z.enum(['low', 'high']) }).strict() });
    const plugin = definePlugin({
      name: 'quiver-tool-memo',
      sections: [section],
      tools: [defineTool({ name: 'memo_level', description: 'Level.', params: z.object({}), approval: 'none', execute: async () => 'ok' })],
    });
    runtime = await createRuntime({ cwd: base, ui, config: { memo: { level: 'high' } }, plugins: [{ plugin }] });
    expect(section.of(runtime.config)).toEqual({ level: 'high' });
    await runtime.dispose();
    runtime = undefined;
    await expect(createRuntime({ cwd: base, ui, config: { memo: { level: 'max' } }, plugins: [{ plugin }] })).rejects.toMatchObject({
      code: ERROR_CODES.CONFIG_INVALID,
      plugin: 'quiver-tool-memo',
      key: 'memo.level',
    });
    await expect(createRuntime({ cwd: base, ui, config: { memo: { level: 'high' } } })).rejects.toMatchObject({
      code: ERROR_CODES.CONFIG_INVALID,
      key: 'memo',
    });
  });

  it('a section whose key core or a host section owns is refused: one owner per key', async () => {
    for (const key of ['sandbox', 'approval']) {
      const plugin = definePlugin({ name: 'quiver-tool-greedy', sections: [defineConfigSection({ key, schema: z.unknown() })], tools: [] });
      await expect(createRuntime({ cwd: base, ui, config: {}, plugins: [{ plugin }] })).rejects.toMatchObject({
        code: ERROR_CODES.CONFIG_INVALID,
        plugin: 'quiver-tool-greedy',
        key,
      });
    }
  });
});
