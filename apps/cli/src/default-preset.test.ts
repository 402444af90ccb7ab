// `"extends": "quiver:default"` through the CLI's runtime: the preset brings every first-party
// tool, and the config trims (enabled: false) and hides (hidden: true) on top of it.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { resultText, type HostUi } from '@quiver/core';
import { CLI_PRESETS, DEFAULT_PLUGINS } from './default-preset.js';
import { openRuntime } from './open-runtime.js';

const ui: HostUi = { say: () => {}, ask: async () => ({ response: 'yes' }), approve: async () => ({ approved: true }) };
let dir: string;
beforeEach(async () => void (dir = await realpath(await mkdtemp(join(tmpdir(), 'quiver-cli-preset-')))));
afterEach(async () => rm(dir, { recursive: true, force: true }));

it('quiver:default and @quiver/preset-default name the same preset: every first-party plugin', () => {
  expect(CLI_PRESETS['quiver:default']).toEqual({ plugins: [...DEFAULT_PLUGINS] });
  expect(CLI_PRESETS['@quiver/preset-default']).toBe(CLI_PRESETS['quiver:default']);
});

it('a config extending quiver:default gets its tools, minus the disabled, with the hidden still callable', async () => {
  await writeFile(
    join(dir, 'quiver.config.json'),
    JSON.stringify({ extends: 'quiver:default', tools: { execute_command: { enabled: false }, list_files: { hidden: true } } }),
  );
  await writeFile(join(dir, 'a.txt'), 'alpha\n');
  const runtime = await openRuntime({ cwd: dir }, ui);
  try {
    const names = runtime.tools().map((t) => t.name);
    expect(names).toContain('read_file');
    expect(names).toContain('search_files');
    expect(names).not.toContain('execute_command');
    expect(names).not.toContain('list_files');
    const task = runtime.createTask();
    expect(resultText(await task.call('list_files', { path: '.' }))).toContain('a.txt');
    expect(await task.call('execute_command', { command: 'echo hi', requires_approval: false })).toMatchObject({ isError: true });
    await task.dispose();
  } finally {
    await runtime.dispose();
  }
});
