// Generated tool descriptors (the manifest's `quiver.descriptors`): listing and describing a
// tool reads them and imports nothing; a tool's first call imports its plugin. Bad descriptors
// are clear errors naming the package; a plugin without them is described from its module.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, isQuiverError, resultText, type HostUi } from '../index.js';
import { createHost } from '../host.js';
import { createPackageDir } from '../../test/support/plugin-package.js';

const ui: HostUi = { say: () => {}, ask: async () => ({ response: 'yes' }), approve: async () => ({ approved: true }) };
const marks = globalThis as Record<string, number | undefined>;

let packages: Awaited<ReturnType<typeof createPackageDir>>;
beforeAll(async () => void (packages = await createPackageDir()));
afterAll(async () => packages.dispose());

/** An entry that counts its imports under `mark` and echoes its input. */
const countingEntry = (pkg: string, mark: string, tools: { name: string; hidden?: boolean }[]) => `
globalThis[${JSON.stringify(mark)}] = (globalThis[${JSON.stringify(mark)}] ?? 0) + 1;
const tool = (name, hidden) => ({ $$type: 'quiver.tool', apiVersion: 1, name, description: name + ' from the module', hidden,
  inputSchema: { type: 'object', properties: {} }, annotations: {}, approval: { category: 'none' }, paths: {}, required: [], allowEmpty: [],
  ignoredCountsAsMistake: false, fullyManaged: false, risk: 'low', params: { safeParse: (v) => ({ success: true, data: v }) },
  execute: async () => ({ content: [{ type: 'text', text: 'ran ' + name }] }), getDescription: () => '[' + name + ']' });
export default { $$type: 'quiver.plugin', apiVersion: 1, name: ${JSON.stringify(pkg)}, tools: [${tools.map((t) => `tool(${JSON.stringify(t.name)}, ${t.hidden ?? false})`).join(', ')}] };
`;

const descriptor = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `${name} from the descriptors`,
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  annotations: { readOnly: true },
  hidden: false,
  approval: { category: 'read' },
  ...extra,
});

const withDescriptors = (name: string, mark: string, descriptors: unknown, tools = [{ name: 'desc_a' }, { name: 'desc_b' }]) =>
  packages.write({
    name,
    quiver: { apiVersion: 1, tools: tools.map((t) => t.name), entry: './index.mjs', descriptors: './tools.json' },
    entry: countingEntry(name, mark, tools),
    files: { 'tools.json': typeof descriptors === 'string' ? descriptors : JSON.stringify(descriptors) },
  });

async function rejection(p: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await p;
  } catch (e) {
    expect(isQuiverError(e), String(e)).toBe(true);
    return e as Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}

describe('tool descriptors from the manifest', () => {
  it('list and describe tools without importing the plugin; the first call imports it once', async () => {
    const dir = await withDescriptors('pkg-desc-ok', '__descOk', {
      plugin: 'pkg-desc-ok',
      apiVersion: 1,
      tools: [descriptor('desc_a', { loop: true }), descriptor('desc_b', { hidden: true })],
    });
    const host = createHost({ ui });
    host.registry.addPackage(dir);
    // Hidden comes from the descriptors, so listing is right before any import.
    expect(host.registry.list().map((t) => t.name)).toEqual(['desc_a']);
    expect(host.registry.list({ includeHidden: true }).map((t) => [t.name, t.hidden])).toEqual([
      ['desc_a', false],
      ['desc_b', true],
    ]);
    const a = await host.registry.describe('desc_a');
    // Every field the descriptors carry comes through, including ones this core does not know.
    expect(a).toMatchObject({ name: 'desc_a', description: 'desc_a from the descriptors', approval: { category: 'read' }, loop: true });
    expect((await host.registry.describeAll()).map((t) => t.name)).toEqual(['desc_a']);
    expect((await host.registry.describeAll({ includeHidden: true })).map((t) => t.name)).toEqual(['desc_a', 'desc_b']);
    expect(marks.__descOk).toBeUndefined();
    expect(host.registry.loadedPackages()).toEqual([]);

    const task = host.createTask();
    expect(resultText(await task.call('desc_a', {}))).toBe('ran desc_a');
    await task.call('desc_a', {});
    expect(marks.__descOk).toBe(1);
    await task.dispose();
    await host.dispose();
  });

  it('a disabled tool is neither listed nor described', async () => {
    const dir = await withDescriptors('pkg-desc-disabled', '__descDisabled', { tools: [descriptor('desc_a'), descriptor('desc_b')] });
    const host = createHost({ ui, tools: { desc_b: { enabled: false } } });
    host.registry.addPackage(dir);
    expect(await host.registry.describe('desc_b')).toBeUndefined();
    expect((await host.registry.describeAll()).map((t) => t.name)).toEqual(['desc_a']);
    await host.dispose();
  });

  it('a descriptors file named but missing is refused when the package is added', async () => {
    const dir = await packages.write({
      name: 'pkg-desc-missing',
      quiver: { apiVersion: 1, tools: ['desc_a'], entry: './index.mjs', descriptors: './tools.json' },
      entry: countingEntry('pkg-desc-missing', '__descMissing', [{ name: 'desc_a' }]),
    });
    let error: unknown;
    try {
      createHost({ ui }).registry.addPackage(dir);
    } catch (e) {
      error = e;
    }
    expect(isQuiverError(error)).toBe(true);
    expect((error as Error & { code: string }).code).toBe(ERROR_CODES.PLUGIN_ENTRY_MISSING);
    expect((error as Error).message).toContain('pkg-desc-missing');
    expect((error as Error).message).toContain('./tools.json');
  });

  it.each([
    ['unparsable JSON', '{ "tools": [', 'cannot be read'],
    ['no tools array', { tools: 'desc_a' }, 'no "tools" array'],
    [
      'an entry without a schema',
      { tools: [{ name: 'desc_a', description: 'x', annotations: {}, hidden: false }, descriptor('desc_b')] },
      'not a tool descriptor',
    ],
    ['other tools than the manifest', { tools: [descriptor('desc_a'), descriptor('desc_c')] }, 'desc_c'],
  ])('bad descriptors (%s) fail describe() with a clear error, and listing still works', async (_what, data, says) => {
    const name = `pkg-desc-bad-${Math.random().toString(36).slice(2, 8)}`;
    const dir = await withDescriptors(name, `__descBad_${name}`, data);
    const host = createHost({ ui });
    host.registry.addPackage(dir);
    expect(host.registry.list().map((t) => t.name)).toEqual(['desc_a', 'desc_b']);
    const e = await rejection(host.registry.describe('desc_a'));
    expect(e.code).toBe(ERROR_CODES.PLUGIN_MANIFEST_INVALID);
    expect(e.message).toContain(name);
    expect(e.message).toContain(says);
    expect(e.message).toContain('Rebuild the plugin');
    await host.dispose();
  });

  it('a plugin without descriptors is described from its module (imported then)', async () => {
    const dir = await packages.write({
      name: 'pkg-no-desc',
      quiver: { apiVersion: 1, tools: ['plain_a', 'plain_b'], entry: './index.mjs' },
      entry: countingEntry('pkg-no-desc', '__noDesc', [{ name: 'plain_a' }, { name: 'plain_b', hidden: true }]),
    });
    const host = createHost({ ui });
    host.registry.addPackage(dir);
    const a = await host.registry.describe('plain_a');
    expect(marks.__noDesc).toBe(1);
    expect(a).toMatchObject({ name: 'plain_a', description: 'plain_a from the module', approval: { category: 'none' }, risk: 'low' });
    expect(a).not.toHaveProperty('execute');
    expect(a).not.toHaveProperty('$$type');
    expect(a).not.toHaveProperty('params');
    expect((await host.registry.describeAll()).map((t) => t.name)).toEqual(['plain_a']);
    await host.dispose();
  });
});
