// Generates `contributes.languageModelTools` from the bundled plugins' tool descriptors, so
// the manifest VS Code reads is never written by hand. Used by stage-extension.mjs at build
// time (with the descriptors each plugin's build generated, no plugin imported) and by the
// unit tests (with the plugin sources, which must give the same entries).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

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
 * The bundled plugins' generated tool descriptors (`quiver.descriptors` of each package):
 * `{ name, tools }` per package, read as JSON.
 */
export function readBundledDescriptors() {
  const require = createRequire(import.meta.url);
  return BUNDLED_PACKAGES.map((name) => {
    const manifestFile = require.resolve(`${name}/package.json`);
    const { quiver } = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const { tools } = JSON.parse(readFileSync(resolve(dirname(manifestFile), quiver.descriptors), 'utf8'));
    return { name, tools };
  });
}

/**
 * One `languageModelTools` entry per tool the plugins (or their descriptors) define, minus tools defined hidden and
 * tools the given config's `tools` settings disable or hide. Each entry is shown only while
 * the running config offers the tool (the `quiver.tool.<name>` context key).
 * @param {{ name: string, tools: any[] }[]} plugins - plugin definitions or descriptors files
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
