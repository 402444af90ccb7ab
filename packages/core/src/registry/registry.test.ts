// Manifest and registration errors: each is a QuiverError with its own code, naming the
// package (DESIGN "Manifest", SPEC Part A "Tools and registry").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceRef, definePlugin, defineTool, ERROR_CODES, isQuiverError, resultText, type HostUi } from '../index.js';
import { createHost, manifestSchema, type Host, type ToolSettings } from '../host.js';
import { brandedEntry, createPackageDir, type PluginPackageSpec } from '../../test/support/plugin-package.js';

const ui: HostUi = { say: () => {}, ask: async () => ({ response: 'yes' }), approve: async () => ({ approved: true }) };
const manifest = (tools: unknown[] = ['echo'], extra: Record<string, unknown> = {}) => ({
  apiVersion: 1,
  tools,
  entry: './index.mjs',
  ...extra,
});

let packages: Awaited<ReturnType<typeof createPackageDir>>;
beforeAll(async () => void (packages = await createPackageDir()));
afterAll(async () => packages.dispose());

const newHost = (tools?: Record<string, ToolSettings>): Host => createHost({ ui, tools });

/** Catch what a function throws or a promise rejects with. */
async function caught(fn: () => unknown): Promise<Record<string, unknown>> {
  try {
    await fn();
  } catch (e) {
    expect(isQuiverError(e), `not a QuiverError: ${String(e)}`).toBe(true);
    return e as Record<string, unknown>;
  }
  throw new Error('expected an error');
}

interface LoadCase {
  what: string;
  spec: PluginPackageSpec;
  code: string;
  /** A phrase the message must contain, beside the package name. */
  says: string;
}

const AT_ADD: LoadCase[] = [
  {
    what: 'no quiver field',
    spec: { name: 'pkg-no-field', entry: '' },
    code: ERROR_CODES.PLUGIN_MANIFEST_INVALID,
    says: 'no "quiver" field',
  },
  {
    what: 'manifest with an unknown key',
    spec: { name: 'pkg-extra', quiver: manifest(['echo'], { main: 'x' }), entry: '' },
    code: ERROR_CODES.PLUGIN_MANIFEST_INVALID,
    says: 'main',
  },
  {
    what: 'manifest without entry',
    spec: { name: 'pkg-no-entry-key', quiver: { apiVersion: 1, tools: ['echo'] } },
    code: ERROR_CODES.PLUGIN_MANIFEST_INVALID,
    says: 'quiver.entry',
  },
  {
    what: 'unparsable package.json',
    spec: { name: 'pkg-broken-json', raw: '{ "name": "pkg-broken-json", ' },
    code: ERROR_CODES.PLUGIN_MANIFEST_INVALID,
    says: 'package.json',
  },
  {
    what: 'unknown apiVersion',
    spec: { name: 'pkg-api-2', quiver: manifest(['echo'], { apiVersion: 2 }), entry: '' },
    code: ERROR_CODES.PLUGIN_API_VERSION,
    says: 'apiVersion 2',
  },
  {
    what: 'core range outside',
    spec: { name: 'pkg-core-9', quiver: manifest(['echo'], { core: '^9.0.0' }), entry: '' },
    code: ERROR_CODES.PLUGIN_CORE_RANGE,
    says: '^9.0.0',
  },
  {
    what: 'missing entry file',
    spec: { name: 'pkg-missing-entry', quiver: manifest() },
    code: ERROR_CODES.PLUGIN_ENTRY_MISSING,
    says: './index.mjs',
  },
  {
    what: 'invalid tool name',
    spec: { name: 'pkg-bad-name', quiver: manifest(['read file']), entry: '' },
    code: ERROR_CODES.TOOL_NAME_INVALID,
    says: "'read file'",
  },
  {
    what: 'tool name too long',
    spec: { name: 'pkg-long-name', quiver: manifest(['t'.repeat(65)]), entry: '' },
    code: ERROR_CODES.TOOL_NAME_INVALID,
    says: 'a-zA-Z0-9_-',
  },
];

describe('addPackage refuses a bad manifest, naming the package', () => {
  it.each(AT_ADD)('$what → $code', async ({ spec, code, says }) => {
    const dir = await packages.write(spec);
    const e = await caught(() => newHost().registry.addPackage(dir));
    expect(e.code).toBe(code);
    // An unreadable package.json has no name to give: the folder stands in for it.
    expect(e.message).toContain(spec.raw ? dir : spec.name);
    expect(e.message).toContain(says);
  });

  it('a folder without package.json → PLUGIN_NOT_FOUND', async () => {
    const e = await caught(() => newHost().registry.addPackage(`${packages.root}/nowhere`));
    expect(e.code).toBe(ERROR_CODES.PLUGIN_NOT_FOUND);
    expect(e.message).toContain('nowhere');
  });

  it('a core range that fits loads', async () => {
    const dir = await packages.write({
      name: 'pkg-core-ok',
      quiver: manifest(['echo'], { core: '>=0.1.0 <1' }),
      entry: brandedEntry('pkg-core-ok', ['echo']),
    });
    const host = newHost();
    host.registry.addPackage(dir);
    expect(host.registry.list()).toEqual([
      { name: 'echo', package: 'pkg-core-ok', description: undefined, hidden: false, loop: false, requires: [] },
    ]);
  });
});

const AT_IMPORT: LoadCase[] = [
  {
    what: 'entry without a default export',
    spec: { name: 'pkg-named-export', quiver: manifest(), entry: 'export const plugin = {};\n' },
    code: ERROR_CODES.PLUGIN_EXPORT_MISMATCH,
    says: 'definePlugin',
  },
  {
    what: 'entry default-exporting a plain object',
    spec: { name: 'pkg-plain', quiver: manifest(), entry: "export default { name: 'pkg-plain', tools: [] };\n" },
    code: ERROR_CODES.PLUGIN_EXPORT_MISMATCH,
    says: 'definePlugin',
  },
  {
    what: 'manifest tools ≠ exported tools',
    spec: { name: 'pkg-mismatch', quiver: manifest(['echo', 'shout']), entry: brandedEntry('pkg-mismatch', ['echo', 'whisper']) },
    code: ERROR_CODES.PLUGIN_EXPORT_MISMATCH,
    says: '[echo, shout]',
  },
  {
    what: 'entry that throws on import',
    spec: { name: 'pkg-throws', quiver: manifest(), entry: "throw new Error('kaboom');\n" },
    code: ERROR_CODES.PLUGIN_ENTRY_MISSING,
    says: 'kaboom',
  },
];

describe('the first use refuses a bad entry, naming the package', () => {
  it.each(AT_IMPORT)('$what → $code', async ({ spec, code, says }) => {
    const dir = await packages.write(spec);
    const host = newHost();
    host.registry.addPackage(dir);
    const e = await caught(() => host.registry.get('echo'));
    expect(e).toMatchObject({ code, plugin: spec.name });
    expect(e.message).toContain(spec.name);
    expect(e.message).toContain(says);
    // Through a task, the same failure is an error result, never a crash.
    const result = await host.createTask().call('echo', {});
    expect(result).toMatchObject({ isError: true, code });
    expect(resultText(result)).toContain(spec.name);
  });
});

describe('duplicate tool names', () => {
  const twoPackages = async () => [
    await packages.write({ name: 'quiver-tool-echo-a', quiver: manifest(), entry: brandedEntry('quiver-tool-echo-a', ['echo']) }),
    await packages.write({ name: 'quiver-tool-echo-b', quiver: manifest(), entry: brandedEntry('quiver-tool-echo-b', ['echo']) }),
  ];

  it('across two plugins is an error naming both packages and the setting', async () => {
    const [a, b] = await twoPackages();
    const host = newHost();
    host.registry.addPackage(a);
    const e = await caught(() => host.registry.addPackage(b));
    expect(e).toMatchObject({ code: ERROR_CODES.TOOL_DUPLICATE, tool: 'echo', key: 'tools.echo.from' });
    expect(e.message).toContain('quiver-tool-echo-a');
    expect(e.message).toContain('quiver-tool-echo-b');
  });

  it.each(['quiver-tool-echo-a', 'quiver-tool-echo-b'])(
    'tools.echo.from = %s picks the winner, whatever the load order',
    async (winner) => {
      const [a, b] = await twoPackages();
      for (const order of [
        [a, b],
        [b, a],
      ]) {
        const host = newHost({ echo: { from: winner } });
        for (const dir of order) host.registry.addPackage(dir);
        expect(host.registry.list().map((t) => t.package)).toEqual([winner]);
        expect((await host.registry.get('echo'))?.description).toBe(`echo from ${winner}`);
        expect(host.registry.loadedPackages()).toEqual([winner]);
      }
    },
  );

  it('in-memory plugins follow the same rule', () => {
    const echo = defineTool({ name: 'echo', description: 'Echo.', params: z.object({}), execute: async () => '' });
    const host = newHost();
    host.registry.addPlugin(definePlugin({ name: 'quiver-tool-one', tools: [echo] }));
    expect(() => host.registry.addPlugin(definePlugin({ name: 'quiver-tool-two', tools: [echo] }))).toThrow(
      /quiver-tool-one.*quiver-tool-two/,
    );
  });

  it('within one plugin, definePlugin refuses it', () => {
    const echo = defineTool({ name: 'echo', description: 'Echo.', params: z.object({}), execute: async () => '' });
    expect(() =>
      definePlugin({
        name: 'quiver-tool-twice',
        tools: [echo, defineTool({ name: 'echo', description: 'Echo again.', params: z.object({}), execute: async () => '' })],
      }),
    ).toThrow(expect.objectContaining({ code: ERROR_CODES.TOOL_DUPLICATE, plugin: 'quiver-tool-twice' }));
  });
});

describe('tool names', () => {
  it.each(['', 'a b', 'a.b', 'ü', 'x'.repeat(65)])('defineTool refuses %j', (name) => {
    expect(() => defineTool({ name, description: '', params: z.object({}), execute: async () => '' })).toThrow(
      expect.objectContaining({ code: ERROR_CODES.TOOL_NAME_INVALID }),
    );
  });

  it.each(['a', 'read_file', 'mcp-tool-1', 'X'.repeat(64)])('defineTool accepts %j', (name) => {
    expect(defineTool({ name, description: '', params: z.object({}), execute: async () => '' }).name).toBe(name);
  });

  it('definePlugin refuses something that is not a tool', () => {
    expect(() => definePlugin({ name: 'quiver-tool-fake', tools: [{ name: 'x' } as never] })).toThrow(
      expect.objectContaining({ code: ERROR_CODES.PLUGIN_EXPORT_MISMATCH, plugin: 'quiver-tool-fake' }),
    );
  });
});

describe('tool settings', () => {
  it('enabled: false removes a tool; hidden: true keeps it callable but unlisted', async () => {
    const dir = await packages.write({
      name: 'quiver-tool-trio',
      quiver: manifest(['one', 'two', 'three']),
      entry: brandedEntry('quiver-tool-trio', ['one', 'two', 'three']),
    });
    const host = newHost({ two: { enabled: false }, three: { hidden: true } });
    host.registry.addPackage(dir);
    expect(host.registry.list().map((t) => t.name)).toEqual(['one']);
    expect(host.registry.list({ includeHidden: true }).map((t) => t.name)).toEqual(['one', 'three']);
    expect(host.registry.names()).toEqual(['one', 'three']);
    expect(await host.registry.get('two')).toBeUndefined();
    expect((await host.registry.get('three'))?.name).toBe('three');
  });
});

describe('manifestSchema', () => {
  it('accepts names or {name, description} entries', () => {
    expect(
      manifestSchema.parse({ apiVersion: 1, tools: ['a', { name: 'b', description: 'B.' }], entry: './dist/index.js', core: '^0.1.0' })
        .tools,
    ).toHaveLength(2);
  });
});

describe('register()', () => {
  it('runs once, with the plugin’s options, and may provide services and tap hooks', async () => {
    const greeting = createServiceRef<{ text: string }>({ id: 'test.greeting', scope: 'root' });
    let registered = 0;
    const greet = defineTool({
      name: 'greet',
      description: 'Greets.',
      params: z.object({}),
      approval: 'none',
      execute: async (config) => `${config.services.get(greeting).text} (${String(config.options.punctuation)})`,
    });
    const plugin = definePlugin({
      name: 'quiver-tool-greet',
      tools: [greet],
      register(ctx) {
        registered++;
        ctx.provide(greeting, () => ({ text: `hello from ${ctx.name}` }));
        ctx.hooks.tap('PostToolUse', ctx.name, (e) => ({
          result: { ...e.result, content: [...e.result.content, { type: 'text', text: 'tapped' }] },
        }));
      },
    });
    const host = newHost();
    host.registry.addPlugin(plugin, { punctuation: '!' });
    const task = host.createTask();
    expect(resultText(await task.call('greet', {}))).toBe('hello from quiver-tool-greet (!)\ntapped');
    await task.call('greet', {});
    expect(registered).toBe(1);
    expect(host.hooks.taps('PostToolUse')).toEqual([expect.objectContaining({ name: 'quiver-tool-greet' })]);
  });

  it('a throwing register() fails the first use with an error result, not a crash', async () => {
    const t = defineTool({ name: 'fragile', description: 'x', params: z.object({}), approval: 'none', execute: async () => 'ok' });
    const host = newHost();
    host.registry.addPlugin(
      definePlugin({
        name: 'quiver-tool-fragile',
        tools: [t],
        register() {
          throw new Error('cannot start');
        },
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
    const result = await host.createTask().call('fragile', {});
    expect(result).toMatchObject({ isError: true, code: ERROR_CODES.PLUGIN_REGISTER_FAILED });
    expect(resultText(result)).toContain("Plugin 'quiver-tool-fragile' failed in register(): cannot start");
  });
});

describe('hidden tools', () => {
  it('a tool defined hidden is callable but not listed, before and after its plugin loads', async () => {
    const visible = defineTool({
      name: 'visible',
      description: 'Shown.',
      params: z.object({}),
      approval: 'none',
      execute: async () => 'v',
    });
    const helper = defineTool({
      name: 'helper',
      description: 'For other tools.',
      params: z.object({}),
      approval: 'none',
      hidden: true,
      execute: async () => 'h',
    });
    const host = newHost();
    host.registry.addPlugin(definePlugin({ name: 'quiver-tool-pair', tools: [visible, helper] }));
    expect(host.registry.list().map((t) => t.name)).toEqual(['visible']);
    expect(resultText(await host.createTask().call('helper', {}))).toBe('h');
    expect(host.registry.list().map((t) => t.name)).toEqual(['visible']);
    expect(host.registry.list({ includeHidden: true })).toEqual([
      expect.objectContaining({ name: 'visible', hidden: false }),
      expect.objectContaining({ name: 'helper', hidden: true }),
    ]);
    expect((await host.registry.loadAll()).map((t) => t.name)).toEqual(['visible']);
  });
});
