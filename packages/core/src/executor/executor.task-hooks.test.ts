// Per-task services and per-task taps: a plugin's task-scoped service taps its own task's hook
// bus; the tap runs for that task only, in stage order among the host's taps, and is gone
// with the task.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { coreServices, createServiceRef, defineTool, definePlugin, ERROR_CODES, STAGE, type PluginContext } from '../index.js';
import { createRecordingHost, type RecordingHost } from '../../test/support/recording-host.js';

let host: RecordingHost | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
});

/** A per-task counter of the task's other tool calls, kept by a PreToolUse tap on the task's bus. */
interface Counter {
  calls: string[];
  disposed: boolean;
}
const counterRef = createServiceRef<Counter>({ id: 'test-counter.counter', scope: 'task' });

const count = defineTool({
  name: 'count',
  description: 'Says how many other calls this task made since it first counted.',
  params: z.object({}),
  approval: 'none',
  execute: async (config) => config.services.get(counterRef).calls.join(',') || 'none',
});
const noop = defineTool({
  name: 'noop',
  description: 'Does nothing.',
  params: z.object({ n: z.number().optional() }),
  approval: 'none',
  execute: async () => 'ok',
});

const counterPlugin = definePlugin({
  name: 'test-counter',
  tools: [count, noop],
  register(context: PluginContext) {
    context.provide(
      counterRef,
      (services) => {
        const counter: Counter = { calls: [], disposed: false };
        services.get(coreServices.taskHooks).tap('PreToolUse', { name: context.name, stage: STAGE.POLICY }, (event) => {
          if (event.tool !== 'count') counter.calls.push(`${event.tool}${(event.input as { n?: number }).n ?? ''}`);
        });
        return counter;
      },
      { dispose: (counter) => void (counter.disposed = true) },
    );
  },
});

function setup() {
  host = createRecordingHost();
  host.registry.addPlugin(counterPlugin);
  return host;
}

describe('per-task taps', () => {
  it("run for their own task only, and see that task's calls through the whole pipeline", async () => {
    const h = setup();
    const a = h.createTask();
    const b = h.createTask();
    expect(await a.call('count', {})).toMatchObject({ isError: false, content: [{ text: 'none' }] });
    await a.call('noop', { n: 1 });
    await b.call('noop', { n: 2 });
    await a.call('noop', { n: 3 });
    expect(await a.call('count', {})).toMatchObject({ content: [{ text: 'noop1,noop3' }] });
    // b never made its counter: its calls ran no task tap at all.
    expect(b.hooks.taps('PreToolUse')).toEqual([]);
    expect(await b.call('count', {})).toMatchObject({ content: [{ text: 'none' }] });
    await a.dispose();
    await b.dispose();
  });

  it("run in stage order among the host's taps, the host's read when each call begins", async () => {
    const h = setup();
    const order: string[] = [];
    h.hooks.tap('PreToolUse', { name: 'host-default' }, () => void order.push('host-default'));
    const task = h.createTask();
    const taskHooks = task.scope.get(coreServices.taskHooks);
    expect(taskHooks).toBe(task.hooks);
    task.hooks.tap('PreToolUse', { name: 'task-policy', stage: STAGE.POLICY }, () => void order.push('task-policy'));
    task.hooks.tap('PreToolUse', { name: 'task-audit', stage: STAGE.AUDIT }, () => void order.push('task-audit'));
    // A host tap made after the task began (a plugin that loads mid-task) reaches it too.
    h.hooks.tap('PreToolUse', { name: 'host-policy', stage: STAGE.POLICY }, () => void order.push('host-policy'));
    await task.call('noop', {});
    expect(order).toEqual(['task-policy', 'host-policy', 'host-default', 'task-audit']);
    expect(task.hooks.taps('PreToolUse').map((t) => t.name)).toEqual(['task-policy', 'host-policy', 'host-default', 'task-audit']);
    expect(h.hooks.taps('PreToolUse').map((t) => t.name)).toEqual(['host-policy', 'host-default']);
    await task.dispose();
  });

  it('a task tap can block its own task only', async () => {
    const h = setup();
    const blocked = h.createTask();
    const free = h.createTask();
    blocked.hooks.tap('PreToolUse', { name: 'task-guard' }, () => ({ decision: 'deny', reason: 'not in this task' }));
    expect(await blocked.call('noop', {})).toMatchObject({ isError: true, code: ERROR_CODES.HOOK_BLOCKED });
    expect(await free.call('noop', {})).toMatchObject({ isError: false });
    await blocked.dispose();
    await free.dispose();
  });

  it('lifecycle hooks fired on the task reach its taps; fired on the host they do not', async () => {
    const h = setup();
    const task = h.createTask();
    const seen: string[] = [];
    h.hooks.tap('TaskStart', 'host-start', () => void seen.push('host'));
    task.hooks.tap('TaskStart', 'task-start', () => void seen.push('task'));
    await task.hooks.callSeries('TaskStart', { taskId: task.id, cwd: '/ws', hook: 'TaskStart', task: 'go' });
    await h.hooks.callSeries('TaskStart', { taskId: 'other', cwd: '/ws', hook: 'TaskStart', task: 'go' });
    expect(seen).toEqual(['host', 'task', 'host']);
    await task.dispose();
  });

  it("are gone when the task is disposed, with the task's services; a disposed task takes no new tap", async () => {
    const h = setup();
    const task = h.createTask();
    await task.call('count', {});
    const counter = task.scope.get(counterRef);
    const unregister = task.hooks.tap('PostToolUse', 'task-post', () => undefined);
    expect(task.hooks.taps('PreToolUse').map((t) => t.name)).toEqual(['test-counter']);
    await task.dispose();
    expect(counter.disposed).toBe(true);
    expect(task.hooks.taps('PreToolUse')).toEqual([]);
    expect(task.hooks.taps('PostToolUse')).toEqual([]);
    unregister(); // harmless after dispose
    expect(() => task.hooks.tap('PreToolUse', 'late', () => undefined)).toThrow(
      expect.objectContaining({ code: ERROR_CODES.HOOK_UNKNOWN }),
    );
    // A new task starts without the old task's taps.
    const next = h.createTask();
    expect(next.hooks.taps('PreToolUse')).toEqual([]);
    await next.dispose();
  });
});
