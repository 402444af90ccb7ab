// Lookups walk the scopes' own registrations until something takes an awilix container through
// the escape hatch; then they ask awilix, which may hold registrations made around the scopes.
// Its own file: the escape hatch is process-wide once used, so the tests run in this order.
import { asValue } from 'awilix';
import { describe, expect, it } from 'vitest';
import { createServiceRef } from '../index.js';
import { createContainer } from '../host.js';

const name = createServiceRef<string | undefined>({ id: 'acme.name', scope: 'root' });
const perTask = createServiceRef<{ n: number }>({ id: 'acme.per-task', scope: 'task' });
const direct = createServiceRef<string>({ id: 'acme.direct', scope: 'root' });

describe('service lookups', () => {
  it('find the nearest registration, values given later, task services provided after the task began', async () => {
    const root = createContainer();
    const task = root.createScope('task');
    const call = task.createScope('call');
    expect(call.find(name)).toBeUndefined();
    expect(call.has(name)).toBe(false);
    root.provideValue(name, 'root');
    expect(call.get(name)).toBe('root');
    task.provideValue(name, 'task');
    expect([call.get(name), task.get(name), root.get(name)]).toEqual(['task', 'task', 'root']);
    // A value that is undefined is still registered.
    call.provideValue(name, undefined);
    expect([call.has(name), call.get(name), task.get(name)]).toEqual([true, undefined, 'task']);
    let made = 0;
    root.provide(perTask, () => ({ n: ++made }));
    const again = task.createScope('call');
    expect(again.get(perTask)).toBe(task.get(perTask));
    expect(root.createScope('task').get(perTask)).toEqual({ n: 2 });
    await root.dispose();
  });

  it('see what was registered in awilix directly once its container was taken', async () => {
    const root = createContainer();
    const call = root.createScope('task').createScope('call');
    root.provideValue(name, 'root');
    root.awilix.register(direct.id, asValue('registered around the scope'));
    expect(call.get(direct)).toBe('registered around the scope');
    expect(call.has(direct)).toBe(true);
    expect(call.get(name)).toBe('root');
    await root.dispose();
  });
});
