// The tool-availability seam: one function decides what a host surface offers, from what each
// tool declares (loop, requires) and the config's tools.<name> switches. Registry listing data
// and tool definitions both go through it, so a host can decide before importing any plugin.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createContainer } from '../container/create-container.js';
import { createHookBus } from '../hooks/hook-bus.js';
import { createRegistry } from '../registry/registry.js';
import { defineTool } from './define-tool.js';
import { definePlugin } from './define-plugin.js';
import { offeredTools, whyNotOffered, type OfferContext } from './offered-tools.js';

const tool = (name: string, extra: { loop?: true; requires?: ('model' | 'mcpServers' | 'browser')[]; hidden?: boolean } = {}) =>
  defineTool({ name, description: name, params: z.object({}), approval: 'none', ...extra, execute: async () => 'ok' });

const tools = [
  tool('read_file'),
  tool('attempt_completion', { loop: true }),
  tool('use_subagents', { requires: ['model'] }),
  tool('use_mcp_tool', { requires: ['mcpServers'] }),
  tool('browser_action', { requires: ['browser'] }),
  tool('helper', { hidden: true }),
];
const names = (context: OfferContext, settings = {}) => offeredTools(tools, context, settings).map((t) => t.name);

describe('offeredTools', () => {
  it('MCP with nothing configured: only tools that act on the world', () => {
    expect(names({ surface: 'mcp', has: {} })).toEqual(['read_file']);
  });

  it('the agent surface runs the loop, so loop tools are offered there', () => {
    expect(names({ surface: 'agent', has: { model: true } })).toEqual(['read_file', 'attempt_completion', 'use_subagents']);
  });

  it('requirements are met by what the host has', () => {
    expect(names({ surface: 'mcp', has: { model: true, mcpServers: true, browser: true } })).toEqual([
      'read_file',
      'use_subagents',
      'use_mcp_tool',
      'browser_action',
    ]);
  });

  it('enabled: true turns a loop tool on over MCP; enabled: false removes any tool; hidden hides', () => {
    const settings = { attempt_completion: { enabled: true }, read_file: { enabled: false }, use_mcp_tool: { hidden: true } };
    expect(names({ surface: 'mcp', has: { mcpServers: true } }, settings)).toEqual(['attempt_completion']);
  });

  it('enabled: true does not conjure a missing requirement', () => {
    expect(whyNotOffered(tools[2], { surface: 'mcp', has: {} }, { enabled: true })).toBe('needs model');
  });

  it('an unknown requirement counts as missing (fail safe)', () => {
    expect(whyNotOffered({ name: 'x', requires: ['gpu'] }, { surface: 'agent', has: { model: true } })).toBe('needs gpu');
  });

  it('a config key that is an Object.prototype name is not a setting', () => {
    expect(offeredTools([{ name: 'toString' }], { surface: 'mcp', has: {} }, {}).map((t) => t.name)).toEqual(['toString']);
  });
});

describe('the declarations reach the registry listing', () => {
  const registry = () => createRegistry({ coreVersion: '0.1.0', container: createContainer(), hooks: createHookBus() });

  it('in-memory plugins: loop and requires are listed without calling the tool', () => {
    const r = registry();
    r.addPlugin(definePlugin({ name: 'quiver-offer-test', tools: tools.slice(0, 3) }));
    expect(r.list().map((t) => [t.name, t.loop, t.requires])).toEqual([
      ['read_file', false, []],
      ['attempt_completion', true, []],
      ['use_subagents', false, ['model']],
    ]);
    expect(offeredTools(r.list({ includeHidden: true }), { surface: 'mcp', has: {} }).map((t) => t.name)).toEqual(['read_file']);
  });

  it('definitions carry them frozen, deduplicated', () => {
    const t = tool('x', { requires: ['model', 'model'] });
    expect(t.requires).toEqual(['model']);
    expect(Object.isFrozen(t.requires)).toBe(true);
    expect(tool('y').loop).toBe(false);
  });
});

describe('manifest declarations, before the plugin is imported', () => {
  it('loop and requires in a manifest tool entry reach the listing', async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'quiver-offer-'));
    try {
      const quiver = {
        apiVersion: 1,
        entry: './never-imported.js',
        tools: [{ name: 'done', loop: true }, { name: 'sub', requires: ['model'] }, 'plain'],
      };
      await writeFile(join(dir, 'never-imported.js'), 'throw new Error("the listing must not import the plugin");');
      await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'quiver-tool-offer-manifest', version: '1.0.0', quiver }));
      const r = createRegistry({ coreVersion: '0.1.0', container: createContainer(), hooks: createHookBus() });
      r.addPackage(dir);
      expect(r.list().map((t) => [t.name, t.loop, t.requires])).toEqual([
        ['done', true, []],
        ['sub', false, ['model']],
        ['plain', false, []],
      ]);
      expect(offeredTools(r.list(), { surface: 'mcp', has: {} }).map((t) => t.name)).toEqual(['plain']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
