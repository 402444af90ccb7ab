// `tools.<name>.enabled` and `tools.<name>.hidden` from a layered config, end to end through
// the registry and the executor: a disabled tool is gone for everyone, a hidden one is left
// out of what a model is offered but other tools still call it through config.executor.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineTool, definePlugin, ERROR_CODES, resultText, type HostUi } from '../index.js';
import { createHost, loadConfig, type Host } from '../host.js';

const ui: HostUi = { say: () => {}, ask: async () => ({ response: 'yes' }), approve: async () => ({ approved: true }) };

const helper = defineTool({
  name: 'helper',
  description: 'Answers for other tools.',
  params: z.object({}),
  approval: 'none',
  execute: async () => 'helped',
});
const gone = defineTool({
  name: 'gone',
  description: 'Disabled by config.',
  params: z.object({}),
  approval: 'none',
  execute: async () => 'should not run',
});
const caller = defineTool({
  name: 'caller',
  description: 'Calls another tool through the pipeline.',
  params: z.object({ target: z.string() }),
  approval: 'none',
  async execute(config, { target }) {
    const result = await config.executor.call(target, {});
    return `${target}: ${result.isError ? `error ${result.code}` : resultText(result)}`;
  },
});
const plugin = definePlugin({ name: 'quiver-tool-settings-test', tools: [helper, gone, caller] });

let root: string;
let host: Host | undefined;
beforeEach(async () => void (root = await mkdtemp(join(tmpdir(), 'quiver-core-tool-settings-'))));
afterEach(async () => {
  await host?.dispose();
  await rm(root, { recursive: true, force: true });
});

async function hostFromConfig(): Promise<Host> {
  await writeFile(join(root, 'base.json'), JSON.stringify({ tools: { helper: { hidden: true }, gone: { hidden: true } } }));
  await writeFile(join(root, 'quiver.config.json'), JSON.stringify({ extends: './base.json', tools: { gone: { enabled: false } } }));
  const { config } = await loadConfig({ cwd: root, trusted: true });
  host = createHost({ ui, tools: config.tools });
  host.registry.addPlugin(plugin);
  return host;
}

describe('tools.<name>.enabled / hidden from a layered config', () => {
  it('the model is offered only the visible, enabled tools', async () => {
    const h = await hostFromConfig();
    expect(h.registry.list().map((t) => t.name)).toEqual(['caller']);
    expect(h.registry.list({ includeHidden: true }).map((t) => [t.name, t.hidden])).toEqual([
      ['helper', true],
      ['caller', false],
    ]);
    expect((await h.registry.loadAll()).map((t) => t.name)).toEqual(['caller']);
  });

  it('a hidden tool runs when another tool calls it through config.executor', async () => {
    const h = await hostFromConfig();
    const result = await h.createTask().call('caller', { target: 'helper' });
    expect(resultText(result)).toBe('helper: helped');
  });

  it('a disabled tool is unknown to tools and hosts alike', async () => {
    const h = await hostFromConfig();
    const task = h.createTask();
    expect(resultText(await task.call('caller', { target: 'gone' }))).toBe(`gone: error ${ERROR_CODES.TOOL_UNKNOWN}`);
    const direct = await task.call('gone', {});
    expect(direct).toMatchObject({ isError: true, code: ERROR_CODES.TOOL_UNKNOWN });
    expect(h.registry.names()).not.toContain('gone');
  });
});
