import { describe, expect, it } from 'vitest';
// The build script's generator, run here on the plugin sources.
import { BUNDLED_PACKAGES, loadBundledPlugins, readBundledDescriptors, toolContributions } from '../scripts/tool-contributions.mjs';
import { BUNDLED_PLUGINS } from './bundled-plugins.js';

describe('generated language-model tool contributions', () => {
  it('cover the bundled plugins, as the extension registers them', async () => {
    expect(BUNDLED_PACKAGES).toEqual([...BUNDLED_PLUGINS.keys()]);
    const plugins = await loadBundledPlugins();
    expect(plugins).toEqual([...BUNDLED_PLUGINS.values()]);
  });

  it("take each tool's name, title, description and JSON Schema from its definition", async () => {
    const plugins = [...BUNDLED_PLUGINS.values()];
    const contributions = toolContributions(plugins);
    const readFile = plugins.flatMap((p) => p.tools).find((t) => t.name === 'read_file')!;
    const entry = contributions.find((c: { name: string }) => c.name === 'read_file');
    expect(entry).toEqual({
      name: 'read_file',
      displayName: 'Read file',
      toolReferenceName: 'read_file',
      canBeReferencedInPrompt: true,
      userDescription: readFile.description.split('\n')[0],
      modelDescription: readFile.description,
      inputSchema: Object.fromEntries(Object.entries(readFile.inputSchema).filter(([k]) => k !== '$schema')),
      tags: ['quiver', 'read-only'],
      when: 'quiver.tool.read_file',
    });
    expect(contributions.map((c: { name: string }) => c.name)).toEqual(
      plugins.flatMap((p) => p.tools.filter((t) => !t.hidden).map((t) => t.name)),
    );
  });

  it("come out the same from the plugins' built descriptors as from their sources", () => {
    expect(toolContributions(readBundledDescriptors())).toEqual(toolContributions([...BUNDLED_PLUGINS.values()]));
  });

  it('leave out the tools a config disables or hides', () => {
    const names = toolContributions([...BUNDLED_PLUGINS.values()], { execute_command: { enabled: false }, new_rule: { hidden: true } }).map(
      (c: { name: string }) => c.name,
    );
    expect(names).not.toContain('execute_command');
    expect(names).not.toContain('new_rule');
    expect(names).toContain('read_file');
  });
});
