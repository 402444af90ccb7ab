// Typed plugin options: a plugin declares a zod schema, the registry parses the options once
// when the plugin loads, tools and register() get the parsed value, and a bad value is a config
// error naming the file, the plugin and the key.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, definePlugin, ERROR_CODES, type HostUi } from '../index.js';
import { createHost } from '../host.js';

const ui: HostUi = { say: () => {}, ask: async () => ({ response: 'yes' }), approve: async () => ({ approved: true }) };

const options = z.object({ limit: z.number().int().positive().default(3), label: z.string().optional() }).strict();
const seen: unknown[] = [];
const echo = defineTool({
  name: 'options_echo',
  description: 'Say the options.',
  params: z.object({}),
  approval: 'none',
  options,
  // config.options is typed: `limit` is a number here, not unknown.
  execute: async (config) => `limit=${config.options.limit + 0} label=${config.options.label ?? '-'}`,
});
const plugin = definePlugin({ name: 'quiver-tool-options-echo', tools: [echo], options, register: (ctx) => void seen.push(ctx.options) });

describe('plugin options', () => {
  it('are parsed once, defaults filled in, and handed to tools and register()', async () => {
    const host = createHost({ ui });
    host.registry.addPlugin(plugin, { label: 'x' });
    const result = await host.createTask({ cwd: process.cwd() }).call('options_echo', {});
    expect(result).toMatchObject({ isError: false, content: [{ type: 'text', text: 'limit=3 label=x' }] });
    expect(seen.at(-1)).toEqual({ limit: 3, label: 'x' });
  });

  it.each([
    { given: { limit: 0 }, key: 'plugins.2.options.limit', says: 'plugins.2.options.limit' },
    { given: { limit: 'ten' }, key: 'plugins.2.options.limit', says: 'expected number' },
    { given: { limt: 5 }, key: 'plugins.2.options.limt', says: 'unknown key' },
  ])('a bad value ($given) is a config error naming the file, the plugin and $key', ({ given, key, says }) => {
    const host = createHost({ ui });
    expect(() => host.registry.addPlugin(plugin, given, { file: '/ws/quiver.config.json', key: 'plugins.2.options' })).toThrow(
      expect.objectContaining({
        code: ERROR_CODES.CONFIG_INVALID,
        file: '/ws/quiver.config.json',
        plugin: 'quiver-tool-options-echo',
        key,
        message: expect.stringMatching(new RegExp(`quiver-tool-options-echo.*/ws/quiver.config.json[\\s\\S]*${says}`)),
      }),
    );
  });

  it('a plugin without a schema gets its options as written', async () => {
    const loose = definePlugin({
      name: 'quiver-tool-loose',
      tools: [
        defineTool({
          name: 'loose_echo',
          description: 'x',
          params: z.object({}),
          approval: 'none',
          execute: async (config) => JSON.stringify(config.options),
        }),
      ],
    });
    const host = createHost({ ui });
    host.registry.addPlugin(loose, { anything: [1] });
    expect(await host.createTask({ cwd: process.cwd() }).call('loose_echo', {})).toMatchObject({ content: [{ text: '{"anything":[1]}' }] });
  });
});
