// A tap's second argument (TapContext): a plugin's one host-level tap works on the services of
// the task whose call fired it (here a task-scoped list), through the whole pipeline, instead
// of a module-level map keyed by task id. Fired by the host outside any task, it has none.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceRef, definePlugin, defineTool, type TapContext } from '../index.js';
import { createRecordingHost, type RecordingHost } from '../../test/support/recording-host.js';

let host: RecordingHost | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
});

const seenRef = createServiceRef<string[]>({ id: 'test-seen.seen', scope: 'task' });

const noop = defineTool({
  name: 'noop',
  description: 'Does nothing.',
  params: z.object({ n: z.number() }),
  approval: 'none',
  execute: async () => 'ok',
});
const seen = defineTool({
  name: 'seen',
  description: "Lists this task's calls the tap saw.",
  params: z.object({}),
  approval: 'none',
  execute: async (config) => config.services.get(seenRef).join(',') || 'none',
});

const contexts: TapContext[] = [];
const seenPlugin = definePlugin({
  name: 'test-seen',
  tools: [noop, seen],
  register(context) {
    context.provide(seenRef, () => []);
    context.hooks.tap('PostToolUse', context.name, (event, tap) => {
      contexts.push(tap);
      tap.services?.get(seenRef).push(`${event.tool}${(event.input as { n?: number }).n ?? ''}`);
    });
  },
});

describe('TapContext', () => {
  it('gives a host-level tap the services of the task whose call fired it', async () => {
    host = createRecordingHost();
    host.registry.addPlugin(seenPlugin);
    const a = host.createTask();
    const b = host.createTask();
    await a.call('noop', { n: 1 });
    await b.call('noop', { n: 2 });
    await a.call('noop', { n: 3 });
    expect(await a.call('seen', {})).toMatchObject({ isError: false, content: [{ text: 'noop1,noop3' }] });
    expect(await b.call('seen', {})).toMatchObject({ isError: false, content: [{ text: 'noop2' }] });
    expect(contexts.every((c) => c.services !== undefined)).toBe(true);
    // The host firing the hook itself, outside any task: no services to hand on.
    contexts.length = 0;
    await host.hooks.callSeries('PostToolUse', {
      hook: 'PostToolUse',
      taskId: 'none',
      cwd: '/',
      tool: 'noop',
      input: {},
      result: { isError: false, content: [] },
    } as never);
    expect(contexts).toHaveLength(1);
    expect(contexts[0].services).toBeUndefined();
    await a.dispose();
    await b.dispose();
  });
});
