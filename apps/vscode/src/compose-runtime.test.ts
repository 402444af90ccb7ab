import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { coreServices, resultText } from '@quiver/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingUi } from '@quiver/testing';
import { rgPath } from '@vscode/ripgrep';
import { DEFAULT_PLUGINS } from './bundled-plugins.js';
import { composeRuntime, type ComposedRuntime } from './compose-runtime.js';
import { createTempWorkspace } from './temp-workspace.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function setup(files: Record<string, string | object>, options: Partial<Parameters<typeof composeRuntime>[0]> = {}) {
  const ws = await createTempWorkspace(files);
  cleanup.push(() => ws.dispose());
  const ui = createRecordingUi(false);
  const composed = await composeRuntime({ folders: [ws.root], ui, ...options });
  cleanup.push(() => composed.runtime.dispose());
  return { ws, ui, composed };
}

const names = (c: ComposedRuntime) =>
  c.runtime
    .tools()
    .map((t) => t.name)
    .sort();

// A third party's plugin installed in the workspace, with its own top-level config section
// (`acmeDeploy`, declared in its manifest): its entry imports the built core and zod by URL,
// as an installed plugin has its own copy of core.
const CORE_DIR = join(import.meta.dirname, '../../../packages/core');
const coreUrl = pathToFileURL(join(CORE_DIR, 'dist/index.js')).href;
const zodUrl = pathToFileURL(join(dirname(createRequire(join(CORE_DIR, 'package.json')).resolve('zod')), 'index.js')).href;

function acmePlugin(): Record<string, string | object> {
  const entry = `
import { z } from ${JSON.stringify(zodUrl)};
import { coreServices, defineConfigSection, definePlugin, defineTool } from ${JSON.stringify(coreUrl)};
const deploy = defineConfigSection({ key: 'acmeDeploy', schema: z.object({ region: z.string(), retries: z.number().int().default(3) }).strict() });
const info = defineTool({
  name: 'deploy_info', description: 'Says where deploys go.', params: z.object({}), approval: 'none',
  execute: async (config) => JSON.stringify(deploy.of(config.services.get(coreServices.config).config) ?? null),
});
export default definePlugin({ name: 'quiver-tool-acme-deploy', tools: [info], sections: [deploy] });
`;
  const quiver = { apiVersion: 1, tools: ['deploy_info'], entry: './index.mjs', sections: ['acmeDeploy'] };
  return {
    'acme-deploy/package.json': { name: 'quiver-tool-acme-deploy', version: '1.0.0', type: 'module', quiver },
    'acme-deploy/index.mjs': entry,
  };
}

describe('composeRuntime', () => {
  it('offers the bundled default tools when there is no config, rooted at the folders', async () => {
    const { ws, composed } = await setup({ 'a.txt': 'alpha\n' });
    expect(DEFAULT_PLUGINS).toHaveLength(6);
    expect(names(composed)).toEqual([
      'apply_patch',
      'execute_command',
      'list_files',
      'new_rule',
      'read_file',
      'replace_in_file',
      'search_files',
      'write_to_file',
    ]);
    expect(composed.configFile).toBeUndefined();
    expect(composed.runtime.workspace.primary.path).toBe(ws.root);
    const r = await composed.runtime.createTask().call('read_file', { path: 'a.txt' });
    expect(r.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('alpha') });
  });

  it('applies the config: its plugins, and tools disabled or hidden', async () => {
    const { composed } = await setup({
      'quiver.config.json': {
        plugins: ['@quiver/tool-read-file', '@quiver/tool-write-to-file'],
        tools: { new_rule: { enabled: false }, replace_in_file: { hidden: true } },
      },
    });
    expect(names(composed)).toEqual(['read_file', 'write_to_file']);
    expect(composed.configFile).toMatch(/quiver\.config\.json$/);
  });

  it('offers the same defaults for "extends": "quiver:default"', async () => {
    const { composed } = await setup({
      'quiver.config.json': { extends: 'quiver:default', tools: { execute_command: { enabled: false } } },
    });
    expect(names(composed)).not.toContain('execute_command');
    expect(names(composed)).toContain('apply_patch');
  });

  it("lets VS Code's approval settings win over the config's", async () => {
    const { ws, ui, composed } = await setup(
      { 'quiver.config.json': { approval: { editFiles: false } } },
      { approvalOverrides: { editFiles: true } },
    );
    const r = await composed.runtime.createTask().call('write_to_file', { path: 'b.txt', content: 'bee\n' });
    expect(r.isError).toBe(false);
    expect(ui.approvals).toEqual([]);
    expect(readFileSync(ws.path('b.txt'), 'utf8')).toBe('bee\n');
  });

  it('reads the config named by quiver.configPath, relative to the first folder, and its workspaceRoots', async () => {
    const { ws, composed } = await setup(
      { 'cfg/quiver.config.json': { workspaceRoots: ['../src'] }, 'src/x.txt': 'x' },
      { configPath: 'cfg/quiver.config.json' },
    );
    expect(composed.configFile).toBe(ws.path('cfg/quiver.config.json'));
    expect(composed.runtime.workspace.primary.path).toBe(ws.path('src'));
  });

  it('accepts the config section of a plugin the workspace installs (checked after every plugin is added)', async () => {
    const config = { plugins: ['./acme-deploy'], acmeDeploy: { region: 'eu-west' } };
    const { composed } = await setup({ 'quiver.config.json': config, ...acmePlugin() });
    // Nothing imported to accept the key: the manifest declares it.
    expect(composed.runtime.host.registry.loadedPackages()).toEqual([]);
    const result = await composed.runtime.createTask().call('deploy_info', {});
    expect(result.isError).toBe(false);
    expect(JSON.parse(resultText(result))).toEqual({ region: 'eu-west', retries: 3 });
  });

  it('still refuses a top-level key no plugin declares, naming it', async () => {
    const ws = await createTempWorkspace({
      'quiver.config.json': { plugins: ['./acme-deploy'], acmeDeplo: { region: 'x' } },
      ...acmePlugin(),
    });
    cleanup.push(() => ws.dispose());
    await expect(composeRuntime({ folders: [ws.root], ui: createRecordingUi() })).rejects.toMatchObject({
      code: 'QUIVER_ERR_CONFIG_INVALID',
      message: expect.stringContaining('acmeDeplo'),
    });
  });

  it('refuses a plugin that is neither bundled nor installed in the workspace', async () => {
    const ws = await createTempWorkspace({ 'quiver.config.json': { plugins: ['@acme/quiver-tool-missing'] } });
    cleanup.push(() => ws.dispose());
    await expect(composeRuntime({ folders: [ws.root], ui: createRecordingUi() })).rejects.toMatchObject({
      code: 'QUIVER_ERR_PLUGIN_NOT_FOUND',
    });
  });

  it('points search_files at the shipped ripgrep binary', async () => {
    const { composed } = await setup({ 'src/a.ts': 'const needle = 1;\n' }, { ripgrepPath: rgPath });
    const found = await composed.runtime.createTask().call('search_files', { path: '.', regex: 'needle' });
    expect(found.isError).toBe(false);
    expect(found.content[0]).toMatchObject({ text: expect.stringContaining('a.ts') });
    const { composed: broken } = await setup({ 'a.ts': 'needle' }, { ripgrepPath: '/nonexistent/rg' });
    const failed = await broken.runtime.createTask().call('search_files', { path: '.', regex: 'needle' });
    expect(failed.isError).toBe(true);
    expect(JSON.stringify(failed.content)).toContain('/nonexistent/rg');
    expect(existsSync('/nonexistent/rg')).toBe(false);
  });

  it('keeps the sandbox masks fresh by stats, not inotify (the extension host shares its queue with other extensions)', async () => {
    /** The inotify watches this process holds (every fs.watch shares one inotify instance). */
    const watches = (): number =>
      readdirSync('/proc/self/fdinfo').reduce((n, fd) => {
        try {
          return n + (readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8').match(/^inotify wd:/gm)?.length ?? 0);
        } catch {
          return n; // closed meanwhile
        }
      }, 0);
    const { ws, composed } = await setup({ '.quiverignore': '.env\n', '.env': 'x', 'src/a.txt': 'a' });
    const sandbox = composed.runtime.host.container.get(coreServices.sandbox);
    const before = watches();
    expect((await sandbox.report(ws.root)).masked).toContain(join(ws.root, '.env'));
    expect(watches()).toBe(before);
  });
});
