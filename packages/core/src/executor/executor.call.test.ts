// Who makes a call decides what it may reach (`from`), in the executor for every host; and
// `check()` runs a call up to its approval decision without running anything.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, definePlugin, ERROR_CODES, resultText, type ToolRequirement } from '../index.js';
import { createRecordingHost, type RecordingHost, type RecordingHostOptions } from '../../test/support/recording-host.js';

let host: RecordingHost | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
});

function tool(name: string, extra: { hidden?: boolean; loop?: boolean; requires?: ToolRequirement[] } = {}, ran: string[] = []) {
  return defineTool({
    name,
    description: `The ${name} tool.`,
    params: z.object({ path: z.string() }),
    approval: 'edit',
    paths: { path: 'write' },
    ...extra,
    async execute(config, params) {
      ran.push(name);
      if (name === 'caller') return resultText(await config.executor.call('secret', params));
      return `${name} wrote ${params.path}`;
    },
  });
}

function setup(options: RecordingHostOptions = {}) {
  host = createRecordingHost(options);
  const ran: string[] = [];
  host.registry.addPlugin(
    definePlugin({
      name: 'quiver-tool-set',
      tools: [
        tool('open', {}, ran),
        tool('secret', { hidden: true }, ran),
        tool('caller', {}, ran),
        tool('looped', { loop: true }, ran),
        tool('needy', { requires: ['browser'] }, ran),
      ],
    }),
  );
  const log = host.log;
  host.hooks.tap('PreToolUse', 'test-recorder', () => void log.push('PreToolUse'));
  return { host, ran };
}

describe('task.call({ from })', () => {
  it('lets a model call only what its surface offers, and names what it may use', async () => {
    const { host, ran } = setup({ tools: { open: { hidden: false } } });
    const task = host.createTask({ offer: { surface: 'mcp', has: {} } });
    for (const name of ['secret', 'looped', 'needy', 'nope']) {
      const r = await task.call(name, { path: 'a' }, { from: 'model' });
      expect(r).toMatchObject({ isError: true, code: ERROR_CODES.TOOL_UNKNOWN });
      expect(resultText(r)).toContain(`No tool named '${name}' is available. Use one of: open, caller.`);
    }
    expect(ran).toEqual([]);
    expect(task.mistakes.count).toBe(4);
    expect(resultText(await task.call('open', { path: 'a' }, { from: 'model' }))).toBe('open wrote a');
  });

  it('offers what the host has, and agent-loop tools where the loop runs', async () => {
    const { host } = setup();
    const task = host.createTask({ offer: { surface: 'agent', has: { browser: true } } });
    for (const name of ['looped', 'needy']) expect((await task.call(name, { path: 'a' }, { from: 'model' })).isError).toBe(false);
  });

  it('lets a tool call a hidden tool, and the host any enabled tool', async () => {
    const { host } = setup({ tools: { needy: { enabled: false } } });
    const task = host.createTask({ offer: { surface: 'mcp', has: {} } });
    expect(resultText(await task.call('caller', { path: 'a' }, { from: 'model' }))).toBe('secret wrote a');
    expect(resultText(await task.call('secret', { path: 'a' }))).toBe('secret wrote a');
    expect((await task.call('needy', { path: 'a' }, { from: 'host' })).code).toBe(ERROR_CODES.TOOL_UNKNOWN);
  });

  it("honours the config's hidden switch and the host's refusal text", async () => {
    const { host } = setup({ tools: { open: { hidden: true } } });
    const task = host.createTask({
      offer: { surface: 'vscode', has: {}, refusal: (name, offered) => `${name} is not here; try ${offered.join('/')}` },
    });
    expect(resultText(await task.call('open', { path: 'a' }, { from: 'model' }))).toBe('open is not here; try caller');
  });
});

describe('task.check()', () => {
  it('returns the prompt the call would get, and runs no hook, tool or prompt', async () => {
    const { host, ran } = setup();
    const task = host.createTask();
    const outcome = await task.check('open', { path: 'a.txt' });
    expect(outcome).toMatchObject({
      kind: 'ask',
      request: { tool: 'open', category: 'edit', path: '/ws/a.txt', setting: 'approval.editFiles' },
    });
    expect(ran).toEqual([]);
    expect(host.log).not.toContain('PreToolUse');
    expect(host.approvals).toEqual([]);
    expect(host.events).toEqual([]);
  });

  it('reports an automatic approval', async () => {
    const { host } = setup({ approval: { editFiles: true } });
    expect(await host.createTask().check('open', { path: 'a.txt' })).toEqual({ kind: 'auto', approval: 'auto' });
  });

  it('reports a refusal before approval, and leaves the task as it was', async () => {
    const { host } = setup({ ignoredPaths: ['secret.env'] });
    const task = host.createTask({ offer: { surface: 'mcp', has: {} } });
    const refused = await task.check('open', { path: 'secret.env' });
    expect(refused).toMatchObject({ kind: 'refused', result: { code: ERROR_CODES.PATH_IGNORED } });
    expect((await task.check('open', {})).kind).toBe('refused');
    expect(await task.check('secret', { path: 'a' }, { from: 'model' })).toMatchObject({
      kind: 'refused',
      result: { code: ERROR_CODES.TOOL_UNKNOWN },
    });
    expect(host.said).toEqual([]);
    expect(task.mistakes.count).toBe(0);
    expect(task.state.didRejectTool).toBe(false);
  });
});
