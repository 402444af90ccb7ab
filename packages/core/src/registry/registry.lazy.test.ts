// Listing tools reads manifests only; the plugin module is imported on first use, once.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { resultText, type HostUi } from '../index.js';
import { createHost } from '../host.js';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/lazy-plugin', import.meta.url));
const ui: HostUi = { say: () => {}, ask: async () => ({ response: 'yes' }), approve: async () => ({ approved: true }) };
const marks = globalThis as { __quiverLoaded?: boolean; __quiverLoadCount?: number; __quiverRegisterCount?: number };

beforeAll(() => {
  delete marks.__quiverLoaded;
  delete marks.__quiverLoadCount;
  delete marks.__quiverRegisterCount;
});

describe('lazy import', () => {
  it('lists from the manifest, imports on the first call, exactly once', async () => {
    const host = createHost({ ui });
    host.registry.addPackage(FIXTURE);

    expect(host.registry.list()).toEqual([
      {
        name: 'lazy_echo',
        package: 'quiver-tool-lazy-fixture',
        description: 'Echo the text back (listed without importing the plugin).',
        hidden: false,
        loop: false,
        requires: [],
      },
    ]);
    expect(host.registry.names()).toEqual(['lazy_echo']);
    expect(host.registry.options('lazy_echo')).toEqual({});
    expect(marks.__quiverLoaded).toBeUndefined();
    expect(host.registry.loadedPackages()).toEqual([]);

    const task = host.createTask();
    const [a, b] = await Promise.all([task.call('lazy_echo', { text: 'one' }), task.call('lazy_echo', { text: 'two' })]);
    const c = await task.call('lazy_echo', { text: 'three' });
    expect([a, b, c].map(resultText)).toEqual(['one', 'two', 'three']);
    expect(marks.__quiverLoaded).toBe(true);
    expect(marks.__quiverLoadCount).toBe(1);
    expect(marks.__quiverRegisterCount).toBe(1);
    expect(host.registry.loadedPackages()).toEqual(['quiver-tool-lazy-fixture']);
    await host.dispose();
  });
});
