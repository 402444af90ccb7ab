// The pipeline's synchronous path (services with resolveSync/checkPathSync, taps that answer at
// once, a tool already loaded) must do exactly what the awaited path does: the same gates in the
// same order, the same refusals, zod run once, and a wrapped hook bus or tool never bypassed.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, definePlugin, ERROR_CODES, resultText, type HookBus, type ToolDefinition } from '../index.js';
import { createTask } from './executor.js';
import { createRecordingHost, type RecordingHost, type RecordingHostOptions } from '../../test/support/recording-host.js';

let host: RecordingHost | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
});

/** A writer whose `path` goes through a transform that counts its runs. */
function counting(parses: { count: number }, ran: string[]) {
  return defineTool({
    name: 'writer',
    description: 'Writes.',
    params: z.object({
      path: z.string().transform((p) => {
        parses.count++;
        return p;
      }),
      tag: z.string().optional(),
    }),
    approval: 'edit',
    paths: { path: 'write' },
    async execute(config, params) {
      ran.push(`${params.path}${params.tag ? `#${params.tag}` : ''}`);
      return `wrote ${config.paths.path?.relative}`;
    },
  });
}

function setup(options: RecordingHostOptions = {}) {
  host = createRecordingHost({ sync: true, ...options });
  const parses = { count: 0 };
  const ran: string[] = [];
  host.registry.addPlugin(definePlugin({ name: 'quiver-tool-writer', tools: [counting(parses, ran)] }));
  host.hooks.tap('PreToolUse', 'test-recorder', () => void host!.log.push('PreToolUse'));
  host.hooks.tap('PostToolUse', 'test-recorder', () => void host!.log.push('PostToolUse'));
  return { host, parses, ran };
}

describe('the synchronous gate path', () => {
  it('runs the gates in order on the services’ synchronous twins, with the prompt and both taps', async () => {
    const { host, ran } = setup();
    const task = host.createTask();
    const r = await task.call('writer', { path: 'src/a.ts' });
    expect(resultText(r)).toBe('wrote src/a.ts');
    expect(host.log).toEqual(['workspace.resolveSync', 'ignore.checkPathSync', 'ui.approve', 'PreToolUse', 'PostToolUse', 'telemetry']);
    expect(ran).toEqual(['src/a.ts']);
    expect(host.events).toMatchObject([{ tool: 'writer', stage: 'done', isError: false, approval: 'user' }]);
  });

  it('refuses an ignored path as the awaited path does: said, not approved, not run', async () => {
    const { host, ran } = setup({ ignoredPaths: ['secret.env'] });
    const task = host.createTask();
    const r = await task.call('writer', { path: 'secret.env' });
    expect(r).toMatchObject({ isError: true, code: ERROR_CODES.PATH_IGNORED });
    expect(host.said).toEqual([{ type: 'ignore_error', text: 'secret.env (write)' }]);
    expect(host.log).toEqual(['workspace.resolveSync', 'ignore.checkPathSync', 'telemetry']);
    expect(ran).toEqual([]);
    expect(host.events).toMatchObject([{ stage: 'ignore-rules', code: ERROR_CODES.PATH_IGNORED }]);
  });

  it('refuses a path the synchronous resolve throws on, naming the rule, and counts a mistake', async () => {
    const { host, ran } = setup();
    const task = host.createTask();
    const r = await task.call('writer', { path: 'a\0b' });
    expect(r).toMatchObject({ isError: true, code: ERROR_CODES.PATH_MALFORMED });
    expect(resultText(r)).toContain('rule P2');
    expect(task.mistakes.count).toBe(1);
    expect(ran).toEqual([]);
  });

  it('parses the parameters once per call, and again only after a hook rewrote them', async () => {
    const { host, parses, ran } = setup();
    const task = host.createTask();
    await task.call('writer', { path: 'one.ts' });
    expect(parses.count).toBe(1);
    host.hooks.tap('PreToolUse', 'test-rewriter', (event) =>
      event.input.tag ? undefined : { updatedInput: { ...event.input, tag: 'hooked' } },
    );
    await task.call('writer', { path: 'two.ts' });
    // The rewrite passed the input gates again: one parse for the call, one for the rewrite.
    expect(parses.count).toBe(3);
    expect(ran).toEqual(['one.ts', 'two.ts#hooked']);
  });
});

describe('wrappers on the fast path', () => {
  it('calls a wrapped hook bus through its own methods (a spread copy is not the bus it copied)', async () => {
    const { host } = setup();
    const seen: string[] = [];
    const wrapped: HookBus = {
      ...host.hooks,
      callWaterfall(hook, event, reduce, context) {
        seen.push(hook);
        return host.hooks.callWaterfall(hook, event, reduce, context);
      },
    };
    const task = createTask({ container: host.container, hooks: wrapped, tools: host.registry, approver: host.approver, ui: host.ui });
    try {
      expect((await task.call('writer', { path: 'a.ts' })).isError).toBe(false);
      expect(seen).toEqual(['PreToolUse', 'PostToolUse']);
      expect(host.log).toContain('PreToolUse');
    } finally {
      await task.dispose();
    }
  });

  it('runs a wrapped tool definition’s own execute, given the block as the handler contract says', async () => {
    const { host, ran } = setup();
    const original = (await host.registry.get('writer')) as ToolDefinition;
    const blocks: unknown[] = [];
    const wrapper: ToolDefinition = Object.freeze({
      ...original,
      execute: (config, block) => {
        blocks.push(block.params);
        return original.execute(config, block);
      },
    });
    const tools = { ...host.registry, get: async () => wrapper, loaded: () => wrapper, names: () => ['writer'], options: () => ({}) };
    const task = createTask({ container: host.container, hooks: host.hooks, tools, approver: host.approver, ui: host.ui });
    try {
      expect(resultText(await task.call('writer', { path: 'w.ts' }))).toBe('wrote w.ts');
      expect(blocks).toEqual([{ path: 'w.ts' }]);
      expect(ran).toEqual(['w.ts']);
    } finally {
      await task.dispose();
    }
  });

  it('skips a tool-filtered tap for other tools and runs it for its own', async () => {
    const { host } = setup();
    const hits: string[] = [];
    host.hooks.tap('PreToolUse', { name: 'only-other', tools: ['other'] }, () => void hits.push('other'));
    host.hooks.tap('PostToolUse', { name: 'only-writer', tools: ['writer'] }, (e) => void hits.push(`post ${e.tool}`));
    const task = host.createTask();
    await task.call('writer', { path: 'a.ts' });
    expect(hits).toEqual(['post writer']);
  });
});
