import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { coreServices, definePlugin, defineTool, ERROR_CODES, resultText, type HostUi } from '@quiver/core';
import { createRuntime, type Runtime } from './index.js';

const ui: HostUi = {
  say: () => undefined,
  ask: async () => ({ response: 'yes' }),
  approve: async () => ({ approved: true }),
};

/** A read tool, so the workspace, ignore and approval gates all have a path to check. */
const peek = defineTool({
  name: 'peek',
  description: 'Read a file.',
  params: z.object({ path: z.string() }),
  approval: 'read',
  paths: { path: 'read' },
  execute: async (config) => readFile(config.paths.path.resolved, 'utf8'),
});
const peekPlugin = definePlugin({ name: 'quiver-tool-peek', tools: [peek] });

let base: string;
let runtime: Runtime | undefined;
beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-runtime-')));
});
afterEach(async () => {
  await runtime?.dispose();
  runtime = undefined;
  await rm(base, { recursive: true, force: true });
});

describe('createRuntime', () => {
  it('provides the workspace and ignore services the gates use', async () => {
    await writeFile(join(base, 'a.txt'), 'hello');
    await writeFile(join(base, 'secret.txt'), 'hidden');
    await writeFile(join(base, '.quiverignore'), 'secret.txt\n');
    runtime = await createRuntime({ cwd: base, config: {}, ui, plugins: [{ plugin: peekPlugin }] });
    expect(runtime.workspace.primary.path).toBe(base);
    expect(runtime.host.container.get(coreServices.config).dir).toBe(base);
    const task = runtime.createTask();
    expect(resultText(await task.call('peek', { path: 'a.txt' }))).toBe('hello');
    const denied = await task.call('peek', { path: 'secret.txt' });
    expect(denied.isError).toBe(true);
    expect(resultText(denied)).not.toContain('hidden');
  });

  it('reads quiver.config.json from cwd and fails on a configured plugin that is not there', async () => {
    await writeFile(join(base, 'quiver.config.json'), JSON.stringify({ plugins: ['./no-such-plugin'] }));
    await expect(createRuntime({ cwd: base, ui, trusted: true })).rejects.toMatchObject({
      code: ERROR_CODES.PLUGIN_NOT_FOUND,
      key: 'plugins',
    });
  });

  it('an untrusted folder: its config applies in part, one warning, the trust service says so', async () => {
    await writeFile(
      join(base, 'quiver.config.json'),
      JSON.stringify({ plugins: ['./no-such-plugin'], approval: { yolo: true }, hooks: { TaskStart: [{ hooks: [{ command: 'true' }] }] } }),
    );
    const warnings: string[] = [];
    runtime = await createRuntime({ cwd: base, ui, trusted: false, onWarning: (m) => warnings.push(m), plugins: [{ plugin: peekPlugin }] });
    expect(runtime.trusted).toBe(false);
    expect(runtime.host.container.get(coreServices.trust)).toEqual({ trusted: false, folder: base });
    expect(runtime.config.approval?.yolo).toBeUndefined();
    expect(runtime.host.hooks.taps('TaskStart').filter((t) => t.name.startsWith('config:'))).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('approval.yolo = true');
    expect(warnings[0]).toContain('plugins: ./no-such-plugin');
  });

  it('skips default plugins that are not installed, but only those', async () => {
    runtime = await createRuntime({
      cwd: base,
      config: {},
      ui,
      defaultPlugins: ['@quiver/tool-not-installed'],
      plugins: [{ plugin: peekPlugin }],
    });
    expect(runtime.tools().map((t) => t.name)).toEqual(['peek']);
  });

  it('takes roots that replace the config and cwd, the first one primary', async () => {
    await mkdir(join(base, 'one'));
    await mkdir(join(base, 'two'));
    runtime = await createRuntime({
      cwd: base,
      config: { workspaceRoots: [base] },
      ui,
      roots: [join(base, 'one'), { name: 'second', path: join(base, 'two') }],
    });
    expect(runtime.workspace.roots.map((r) => r.path)).toEqual([join(base, 'one'), join(base, 'two')]);
    expect(runtime.workspace.primary.path).toBe(join(base, 'one'));
  });
});
