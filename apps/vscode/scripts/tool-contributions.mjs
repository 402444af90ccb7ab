// Generates `contributes.languageModelTools` from the bundled plugins' tool definitions, so
// the manifest VS Code reads is never written by hand. Used by stage-extension.mjs at build
// time (with the built plugins) and by the unit tests (with the plugin sources).

/** The plugin packages bundled into the extension; src/bundled-plugins.ts must list the same. */
export const BUNDLED_PACKAGES = [
  '@quiver/tool-read-file',
  '@quiver/tool-list-files',
  '@quiver/tool-search-files',
  '@quiver/tool-execute-command',
  '@quiver/tool-write-to-file',
  '@quiver/tool-apply-patch',
];

/** Import the bundled plugins (their `dist/` when run by Node, their sources under vitest). */
export async function loadBundledPlugins() {
  const plugins = [];
  for (const name of BUNDLED_PACKAGES) plugins.push((await import(name)).default);
  return plugins;
}

/**
 * One `languageModelTools` entry per tool the plugins define, minus tools defined hidden and
 * tools the given config's `tools` settings disable or hide. Each entry is shown only while
 * the running config offers the tool (the `quiver.tool.<name>` context key).
 * @param {{ name: string, tools: any[] }[]} plugins
 * @param {Record<string, { enabled?: boolean, hidden?: boolean }>} [toolSettings]
 */
export function toolContributions(plugins, toolSettings = {}) {
  const out = [];
  for (const plugin of plugins) {
    for (const tool of plugin.tools) {
      const setting = toolSettings[tool.name] ?? {};
      if (setting.enabled === false || (setting.hidden ?? tool.hidden)) continue;
      const { $schema: _schema, ...inputSchema } = tool.inputSchema;
      out.push({
        name: tool.name,
        displayName: tool.annotations.title ?? tool.name,
        toolReferenceName: tool.name,
        canBeReferencedInPrompt: true,
        userDescription: tool.description.split('\n')[0],
        modelDescription: tool.description,
        inputSchema,
        tags: ['quiver', ...(tool.annotations.readOnly ? ['read-only'] : []), ...(tool.annotations.destructive ? ['destructive'] : [])],
        when: `quiver.tool.${tool.name}`,
      });
    }
  }
  return out;
}
