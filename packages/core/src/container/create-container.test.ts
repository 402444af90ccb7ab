import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  coreServices,
  createServiceRef,
  definePlugin,
  defineTool,
  ERROR_CODES,
  resultText,
  type HostUi,
  type ServiceScope,
} from '../index.js';
import { createContainer, createHost, type Host } from '../host.js';

const ui: HostUi = { say: () => {}, ask: async () => ({ response: 'yes' }), approve: async () => ({ approved: true }) };

/** A service that knows its serial number, so tests can tell instances apart. */
interface Counter {
  serial: number;
  hits: number;
}

let serial = 0;
const disposed: string[] = [];
const refs = {
  root: createServiceRef<Counter>({ id: 'test.root', scope: 'root' }),
  task: createServiceRef<Counter>({ id: 'test.task', scope: 'task' }),
  call: createServiceRef<Counter>({ id: 'test.call', scope: 'call' }),
};

let host: Host | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
  disposed.length = 0;
});

/** A host whose one tool reports the serials of the services its call sees. */
function setup() {
  const h = (host = createHost({ ui }));
  for (const scope of ['root', 'task', 'call'] as ServiceScope[]) {
    h.container.provide(refs[scope], () => ({ serial: ++serial, hits: 0 }), { dispose: (s) => void disposed.push(`${scope}#${s.serial}`) });
  }
  const probe = defineTool({
    name: 'probe',
    description: 'Reports service serials.',
    params: z.object({}),
    approval: 'none',
    async execute(config) {
      const seen = (['root', 'task', 'call'] as const).map((s) => {
        const svc = config.services.get(refs[s]);
        svc.hits++;
        return svc.serial;
      });
      return seen.join(',');
    },
  });
  h.registry.addPlugin(definePlugin({ name: 'quiver-tool-probe', tools: [probe] }));
  return h;
}

const serials = async (task: ReturnType<Host['createTask']>) =>
  resultText(await task.call('probe', {}))
    .split(',')
    .map(Number);

describe('scopes', () => {
  it('root: one per host; task: one per task, shared by its calls; call: fresh per call', async () => {
    const h = setup();
    const t1 = h.createTask();
    const t2 = h.createTask();
    const [r1, k1, c1] = await serials(t1);
    const [r2, k2, c2] = await serials(t1);
    const [r3, k3, c3] = await serials(t2);
    expect(r1).toBe(r2);
    expect(r2).toBe(r3);
    expect(k1).toBe(k2);
    expect(k3).not.toBe(k1);
    expect(new Set([c1, c2, c3]).size).toBe(3);
  });

  it('disposal runs disposers: call scope after each call, task scope on task.dispose(), root on host.dispose()', async () => {
    const h = setup();
    const task = h.createTask();
    const [root, taskSerial, call1] = await serials(task);
    expect(disposed).toEqual([`call#${call1}`]);
    const [, , call2] = await serials(task);
    expect(disposed).toEqual([`call#${call1}`, `call#${call2}`]);
    await task.dispose();
    expect(disposed.slice(2)).toEqual([`task#${taskSerial}`]);
    await h.dispose();
    host = undefined;
    expect(disposed.slice(3)).toEqual([`root#${root}`]);
  });

  it('a scope disposes in reverse creation order and only what it created', async () => {
    const root = createContainer();
    const a = createServiceRef<string>({ id: 'test.a', scope: 'task' });
    const b = createServiceRef<string>({ id: 'test.b', scope: 'task' });
    const unused = createServiceRef<string>({ id: 'test.unused', scope: 'task' });
    for (const ref of [a, b, unused]) root.provide(ref, () => ref.id, { dispose: (v) => void disposed.push(v) });
    const task = root.createScope('task');
    task.get(a);
    task.get(b);
    task.get(a);
    await task.dispose();
    expect(disposed).toEqual(['test.b', 'test.a']);
  });

  it('the task scope holds core’s task services, the same ones the task exposes', async () => {
    const h = (host = createHost({ ui }));
    const task = h.createTask();
    expect(task.scope.get(coreServices.taskState)).toBe(task.state);
    expect(task.scope.get(coreServices.readCache)).toBe(task.readCache);
    expect(task.scope.get(coreServices.mistakes)).toBe(task.mistakes);
    expect(task.scope.get(coreServices.ui)).toBe(ui);
    expect(h.createTask().scope.get(coreServices.taskState)).not.toBe(task.state);
  });
});

describe('late registration', () => {
  it('a task service provided after the task began (a plugin loaded on first use) reaches that task and its calls', async () => {
    const root = createContainer();
    const task = root.createScope('task');
    const ref = createServiceRef<{ id: number }>({ id: 'test.late', scope: 'task' });
    let made = 0;
    root.provide(ref, () => ({ id: ++made }));
    const call = task.createScope('call');
    expect(call.get(ref)).toBe(task.get(ref));
    expect(made).toBe(1);
    const other = root.createScope('task');
    expect(other.get(ref).id).toBe(2);
    await root.dispose();
  });
});

describe('scopes with nothing of their own', () => {
  it('see what their parents hold, and keep what is provided into them later to themselves', async () => {
    const root = createContainer();
    const clock = createServiceRef<string>({ id: 'acme.clock', scope: 'root' });
    const note = createServiceRef<string>({ id: 'acme.note', scope: 'call' });
    root.provideValue(clock, 'tick');
    const task = root.createScope('task');
    const first = task.createScope('call');
    const second = task.createScope('call');
    expect(first.get(clock)).toBe('tick');
    first.provideValue(note, 'mine');
    expect(first.get(note)).toBe('mine');
    expect(second.find(note)).toBeUndefined();
    expect(task.find(note)).toBeUndefined();
    // A call service provided on the root after these scopes opened reaches them all.
    const later = createServiceRef<{ n: number }>({ id: 'acme.later', scope: 'call' });
    let n = 0;
    root.provide(later, () => ({ n: ++n }));
    expect(second.get(later)).toEqual({ n: 1 });
    expect(second.get(later)).toBe(second.get(later));
    expect(first.get(later)).toEqual({ n: 2 });
    await Promise.all([first.dispose(), second.dispose(), task.dispose()]);
    await root.dispose();
  });

  it('values held before a scope has a container stay visible, nearest first, once one is made', async () => {
    const root = createContainer();
    const name = createServiceRef<string>({ id: 'acme.name', scope: 'task' });
    const only = createServiceRef<string | undefined>({ id: 'acme.only', scope: 'task' });
    root.provideValue(name, 'root');
    const task = root.createScope('task');
    task.provideValue(name, 'task');
    task.provideValue(only, undefined);
    const plainCall = task.createScope('call');
    expect(plainCall.get(name)).toBe('task');
    expect(plainCall.has(only)).toBe(true);
    expect(root.get(name)).toBe('root');
    // A call service forces the call scope (and so the task's) to build a container: the
    // task's values move into it, and a value given afterwards lands there too.
    const counter = createServiceRef<{ n: number }>({ id: 'acme.counter', scope: 'call' });
    root.provide(counter, () => ({ n: 1 }));
    const withContainer = task.createScope('call');
    expect(withContainer.get(counter)).toEqual({ n: 1 });
    expect(withContainer.get(name)).toBe('task');
    task.provideValue(only, 'later');
    expect(withContainer.get(only)).toBe('later');
    expect(plainCall.get(only)).toBe('later');
    expect(task.awilix.hasRegistration('acme.name')).toBe(true);
    await Promise.all([plainCall.dispose(), withContainer.dispose(), task.dispose()]);
    expect(task.get(name)).toBe('task');
    await root.dispose();
  });
});

describe('missing services', () => {
  it('get() throws QUIVER_ERR_SERVICE_MISSING naming the ref; find() returns undefined', () => {
    const root = createContainer();
    const ref = createServiceRef<string>({ id: 'acme.clock', scope: 'root' });
    expect(() => root.get(ref)).toThrow(expect.objectContaining({ code: ERROR_CODES.SERVICE_MISSING, key: 'acme.clock' }));
    expect(root.find(ref)).toBeUndefined();
    expect(root.has(ref)).toBe(false);
    root.provideValue(ref, 'tick');
    expect(root.createScope('task').createScope('call').get(ref)).toBe('tick');
  });

  it('inside a tool, a missing service is an error result with that code', async () => {
    const h = (host = createHost({ ui }));
    const clock = createServiceRef<{ now(): number }>({ id: 'acme.clock', scope: 'root' });
    const t = defineTool({
      name: 'now',
      description: 'Time.',
      params: z.object({}),
      approval: 'none',
      execute: async (c) => String(c.services.get(clock).now()),
    });
    h.registry.addPlugin(definePlugin({ name: 'quiver-tool-now', tools: [t] }));
    const result = await h.createTask().call('now', {});
    expect(result).toMatchObject({ isError: true, code: ERROR_CODES.SERVICE_MISSING });
    expect(resultText(result)).toContain('acme.clock');
  });
});

describe('createServiceRef', () => {
  it('needs a dotted id', () => {
    expect(createServiceRef({ id: 'acme.clock', scope: 'root' })).toEqual({
      id: 'acme.clock',
      scope: 'root',
      $$type: 'quiver.service-ref',
    });
    expect(() => createServiceRef({ id: 'clock', scope: 'root' })).toThrow(/dotted/);
  });
});
