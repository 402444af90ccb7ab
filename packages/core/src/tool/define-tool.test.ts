import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definePlugin, defineTool } from '../index.js';
import { API_VERSION, isPluginDefinition } from '../host.js';
import { isToolDefinition } from './define-tool.js';

const readFile = defineTool({
  name: 'read_file',
  description: 'Read a file.\nMore detail.',
  params: z.object({
    path: z.string().describe('The file.'),
    start_line: z.number().int().optional(),
    encoding: z.enum(['utf8', 'latin1']).default('utf8'),
    content: z.string(),
  }),
  annotations: { readOnly: true },
  approval: 'read',
  paths: { path: 'read' },
  allowEmpty: ['content'],
  execute: async (_config, p) => p.path,
});

describe('defineTool', () => {
  it('derives required params, the JSON Schema (input side) and defaults', () => {
    expect(readFile.required).toEqual(['path', 'content']);
    expect(readFile.inputSchema).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'The file.' },
        start_line: { type: 'integer', minimum: expect.any(Number), maximum: expect.any(Number) },
        encoding: { type: 'string', enum: ['utf8', 'latin1'], default: 'utf8' },
        content: { type: 'string' },
      },
      required: ['path', 'content'],
    });
    expect(readFile).toMatchObject({
      $$type: 'quiver.tool',
      apiVersion: API_VERSION,
      approval: { category: 'read' },
      paths: { path: 'read' },
      allowEmpty: ['content'],
      annotations: { readOnly: true },
      ignoredCountsAsMistake: false,
      hidden: false,
      fullyManaged: false,
    });
  });

  it('is frozen, and approval defaults to always', () => {
    expect(Object.isFrozen(readFile)).toBe(true);
    expect(Object.isFrozen(readFile.required)).toBe(true);
    const t = defineTool({ name: 'ask', description: 'Ask.', params: z.object({}), execute: async () => '' });
    expect(t.approval).toEqual({ category: 'always' });
  });

  it('describes a call: the default names the path, describe() overrides', () => {
    const block = (params: Record<string, unknown>) => ({ name: 'read_file', params, partial: false });
    expect(readFile.getDescription(block({ path: 'a.ts' }))).toBe("[read_file for 'a.ts']");
    expect(readFile.getDescription(block({}))).toBe('[read_file]');
    const search = defineTool({
      name: 'search_files',
      description: 's',
      params: z.object({ regex: z.string(), path: z.string() }),
      describe: (p) => `[search_files for '${p.regex}' in '${p.path}']`,
      execute: async () => '',
    });
    expect(search.getDescription({ name: 'search_files', params: { regex: 're', path: '*.ts' }, partial: false })).toBe(
      "[search_files for 're' in '*.ts']",
    );
  });

  it('execute() parses the block’s params before the handler sees them', async () => {
    const result = await readFile.execute({} as never, { name: 'read_file', params: { path: 'x', content: '' }, partial: false });
    expect(result).toBe('x');
    await expect(readFile.execute({} as never, { name: 'read_file', params: { path: 1 }, partial: false })).rejects.toThrow();
  });

  it('a tool with handlePartialBlock is fully managed', () => {
    const t = defineTool({
      name: 'w',
      description: 'w',
      params: z.object({}),
      execute: async () => '',
      handlePartialBlock: async () => {},
    });
    expect(t.fullyManaged).toBe(true);
  });
});

describe('definePlugin', () => {
  it('brands and freezes the plugin; brands are checked by value, not instanceof', () => {
    const plugin = definePlugin({ name: 'quiver-tool-read-file', tools: [readFile] });
    expect(plugin).toMatchObject({ $$type: 'quiver.plugin', apiVersion: API_VERSION, name: 'quiver-tool-read-file' });
    expect(Object.isFrozen(plugin)).toBe(true);
    expect(Object.isFrozen(plugin.tools)).toBe(true);
    expect(isPluginDefinition(plugin)).toBe(true);
    expect(isPluginDefinition({ $$type: 'quiver.plugin' })).toBe(true);
    expect(isToolDefinition(readFile)).toBe(true);
    expect(isToolDefinition({ name: 'x' })).toBe(false);
  });
});
