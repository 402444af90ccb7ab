#!/usr/bin/env node
// The first-party plugins' part of the config JSON Schema (@quiver/runtime/schema.json): for
// each package under plugins/ (found by its manifest, the package.json `quiver` field), the
// JSON Schema of its options (`definePlugin({ options })`, as `plugins: [{ name, options }]`
// takes them) and of the top-level sections it owns (`definePlugin({ sections })`), read from
// the BUILT plugin. Written to packages/runtime/scripts/plugin-config.json, which that
// package's build merges into the schema: @quiver/runtime imports no plugin, so the plugins'
// part is committed data, and this check keeps it from drifting (e2e/api-report runs it).
//   node scripts/plugin-config-schema.mjs            check: exit 1 when the file no longer matches
//   node scripts/plugin-config-schema.mjs --update   rewrite it (`pnpm api:update` builds first)
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
export const PLUGIN_CONFIG_FILE = join(root, 'packages/runtime/scripts/plugin-config.json');
// The zod the plugins use (one version in the workspace), to turn their schemas into JSON Schema.
const { z } = await import(pathToFileURL(createRequire(join(root, 'packages/core/package.json')).resolve('zod')).href);

/** `{ plugins: [{ name, options?, sections? }] }`, by package name, from the built plugins. */
export async function pluginConfig() {
  const plugins = [];
  for (const dir of readdirSync(join(root, 'plugins')).sort()) {
    const file = join(root, 'plugins', dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8'));
    if (pkg.private || !pkg.quiver?.entry) continue;
    const entry = join(root, 'plugins', dir, pkg.quiver.entry);
    if (!existsSync(entry)) throw new Error(`${entry} is missing: build the plugins first (pnpm turbo run build).`);
    const plugin = (await import(pathToFileURL(entry).href)).default;
    const json = (schema) => {
      const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
      return rest;
    };
    const sections = (plugin.sections ?? []).map((s) => ({ key: s.key, schema: json(s.schema) }));
    if (!plugin.options && sections.length === 0) continue;
    plugins.push({
      name: pkg.name,
      ...(plugin.options ? { options: json(plugin.options) } : {}),
      ...(sections.length ? { sections } : {}),
    });
  }
  return { plugins };
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const text = `${JSON.stringify(await pluginConfig(), null, 2)}\n`;
  if (process.argv.includes('--update')) {
    writeFileSync(PLUGIN_CONFIG_FILE, text);
    console.log(`wrote ${PLUGIN_CONFIG_FILE}`);
  } else if (!existsSync(PLUGIN_CONFIG_FILE) || readFileSync(PLUGIN_CONFIG_FILE, 'utf8') !== text) {
    console.error(`${PLUGIN_CONFIG_FILE} does not match the built plugins' options and sections: run pnpm api:update and commit it.`);
    process.exit(1);
  } else {
    console.log('plugin-config-schema: matches the built plugins');
  }
}
