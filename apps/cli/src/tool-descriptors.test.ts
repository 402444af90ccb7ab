// The tool descriptors each first-party plugin's build writes (its manifest's
// `quiver.descriptors`) are what tools/list, `quiver tools`, the system prompt and the VS Code
// contributions serve without importing the plugin. They must be exactly what the plugin's zod
// source describes: this test regenerates them from the sources (vitest resolves @quiver/* to
// src/) and compares them with the built files (`pnpm test` builds first).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describePlugin, isPluginDefinition } from '@quiver/core/host';

const PLUGINS_DIR = fileURLToPath(new URL('../../../plugins', import.meta.url));

interface PluginPackage {
  dir: string;
  name: string;
  quiver: { tools: (string | { name: string })[]; descriptors?: string };
}

const packages: PluginPackage[] = readdirSync(PLUGINS_DIR)
  .map((d) => join(PLUGINS_DIR, d))
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .map((dir) => ({ dir, ...(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Omit<PluginPackage, 'dir'>) }))
  .filter((p) => p.quiver && p.quiver.tools.length > 0);

describe('generated tool descriptors', () => {
  it('are declared by every first-party plugin with tools', () => {
    expect(packages.length).toBeGreaterThan(20);
    expect(packages.filter((p) => !p.quiver.descriptors).map((p) => p.name)).toEqual([]);
  });

  it.each(packages.map((p) => [p.name, p] as const))('%s: the built file matches the zod source', async (_name, p) => {
    const plugin = ((await import(p.name)) as { default: unknown }).default;
    expect(isPluginDefinition(plugin)).toBe(true);
    const built = JSON.parse(readFileSync(resolve(p.dir, p.quiver.descriptors!), 'utf8')) as unknown;
    expect(built, `${p.name}: rebuild the plugin (its build runs quiver-describe-tools)`).toEqual(
      JSON.parse(JSON.stringify(describePlugin(plugin as never))),
    );
  });
});
