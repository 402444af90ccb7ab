// Hook-only plugins: a manifest may list no tools. Nothing would ever import such a plugin on
// first use, so the registry imports it at once, and ready() reports how that went.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceRef, definePlugin, ERROR_CODES, type HostUi } from '../index.js';
import { createHost, manifestSchema } from '../host.js';
import { createPackageDir } from '../../test/support/plugin-package.js';

const ui: HostUi = { say: () => {}, ask: async () => ({ response: 'yes' }), approve: async () => ({ approved: true }) };
const marks = globalThis as { __quiverHookOnly?: number };

let packages: Awaited<ReturnType<typeof createPackageDir>>;
beforeAll(async () => void (packages = await createPackageDir()));
afterAll(async () => packages.dispose());

/** An entry whose register() taps TaskStart and counts its own imports. */
const hookOnlyEntry = (pkg: string) =>
  `globalThis.__quiverHookOnly = (globalThis.__quiverHookOnly ?? 0) + 1;\n` +
  `export default { $$type: 'quiver.plugin', apiVersion: 1, name: ${JSON.stringify(pkg)}, tools: [],\n` +
  `  register(ctx) { ctx.hooks.tap('TaskStart', ctx.name, () => ({ additionalContext: 'from ' + ctx.name + ' ' + ctx.options.tag })); } };\n`;

describe('tool-less plugins', () => {
  it('the manifest schema accepts an empty tools list', () => {
    expect(manifestSchema.parse({ apiVersion: 1, tools: [], entry: './dist/index.js' }).tools).toEqual([]);
  });

  it('a tool-less package is imported at once, registers its taps, and lists no tools', async () => {
    delete marks.__quiverHookOnly;
    const dir = await packages.write({
      name: 'quiver-plugin-hook-only',
      quiver: { apiVersion: 1, tools: [], entry: './index.mjs' },
      entry: hookOnlyEntry('quiver-plugin-hook-only'),
    });
    const host = createHost({ ui });
    host.registry.addPackage(dir, { tag: 'x' });
    await host.registry.ready();
    expect(marks.__quiverHookOnly).toBe(1);
    expect(host.registry.loadedPackages()).toEqual(['quiver-plugin-hook-only']);
    expect(host.registry.list()).toEqual([]);
    const outcome = await host.hooks.callSeries('TaskStart', { taskId: 't', cwd: '/', hook: 'TaskStart' });
    expect(outcome.results).toEqual([{ additionalContext: 'from quiver-plugin-hook-only x' }]);
    await host.dispose();
  });

  it('a failing tool-less package makes ready() reject with its error, naming it', async () => {
    const dir = await packages.write({
      name: 'quiver-plugin-broken-hooks',
      quiver: { apiVersion: 1, tools: [], entry: './index.mjs' },
      entry: "throw new Error('no hooks today');\n",
    });
    const host = createHost({ ui });
    host.registry.addPackage(dir);
    await expect(host.registry.ready()).rejects.toMatchObject({
      code: ERROR_CODES.PLUGIN_ENTRY_MISSING,
      plugin: 'quiver-plugin-broken-hooks',
    });
  });

  it('an in-memory plugin without tools registers before ready() resolves; a throw rejects it', async () => {
    const host = createHost({ ui });
    const seen: string[] = [];
    host.registry.addPlugin(definePlugin({ name: 'quiver-plugin-ok', tools: [], register: async (ctx) => void seen.push(ctx.name) }));
    await host.registry.ready();
    expect(seen).toEqual(['quiver-plugin-ok']);
    host.registry.addPlugin(
      definePlugin({
        name: 'quiver-plugin-bad',
        tools: [],
        register() {
          throw new Error('boom');
        },
      }),
    );
    await expect(host.registry.ready()).rejects.toMatchObject({ code: ERROR_CODES.PLUGIN_REGISTER_FAILED, plugin: 'quiver-plugin-bad' });
  });

  it('register() can read the host services when a hook fires', async () => {
    const clock = createServiceRef<{ now: () => string }>({ id: 'test.clock', scope: 'root' });
    const host = createHost({ ui });
    host.registry.addPlugin(
      definePlugin({
        name: 'quiver-plugin-reader',
        tools: [],
        register(ctx) {
          ctx.hooks.tap('TaskStart', ctx.name, () => ({ additionalContext: ctx.services.find(clock)?.now() ?? 'no clock' }));
        },
      }),
    );
    await host.registry.ready();
    // Provided after the plugin registered: the tap still finds it when it runs.
    host.container.provideValue(clock, { now: () => 'noon' });
    const outcome = await host.hooks.callSeries('TaskStart', { taskId: 't', cwd: '/', hook: 'TaskStart' });
    expect(outcome.results).toEqual([{ additionalContext: 'noon' }]);
  });
});
