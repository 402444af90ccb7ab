import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definePlugin } from './define-plugin.js';
import { defineTool } from './define-tool.js';
import { describePlugin, describeTool } from './describe-tool.js';

const peekSpec = {
  name: 'peek',
  description: 'Peek at a file.\nMore lines.',
  params: z.object({ path: z.string().describe('The file.'), lines: z.number().optional() }),
  approval: { category: 'read', escalate: () => undefined },
  annotations: { readOnly: true, title: 'Peek' },
  paths: { path: 'read' },
  hidden: true,
  async execute() {
    return 'ok';
  },
  describe: () => '[peek]',
} satisfies Parameters<typeof defineTool>[0];
const tool = defineTool(peekSpec);

describe('describeTool', () => {
  it('keeps every data field of the definition and drops the zod schema, the brand and the functions', () => {
    const d = describeTool(tool);
    expect(d).toEqual({
      apiVersion: 1,
      name: 'peek',
      description: 'Peek at a file.\nMore lines.',
      inputSchema: tool.inputSchema,
      annotations: { readOnly: true, title: 'Peek' },
      approval: { category: 'read' },
      paths: { path: 'read' },
      required: ['path'],
      allowEmpty: [],
      ignoredCountsAsMistake: false,
      hidden: true,
      loop: false,
      requires: [],
      fullyManaged: false,
    });
    expect(JSON.parse(JSON.stringify(d))).toEqual(d);
  });

  it('carries fields a later definition adds, generically', () => {
    const extended = Object.freeze({ ...tool, loop: true, requires: ['model'], risk: { level: 'high', why: () => 'x' } });
    expect(describeTool(extended as typeof tool)).toMatchObject({ loop: true, requires: ['model'], risk: { level: 'high' } });
  });

  it('describePlugin lists the tools under the plugin name, one handler under two names', () => {
    const file = describePlugin(definePlugin({ name: 'quiver-tool-peek', tools: [tool, defineTool({ ...peekSpec, name: 'glance' })] }));
    expect(file.plugin).toBe('quiver-tool-peek');
    expect(file.tools.map((t) => t.name)).toEqual(['peek', 'glance']);
  });
});
