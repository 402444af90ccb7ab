#!/usr/bin/env node
// Writes schema/quiver.config.schema.json (the JSON Schema of quiver.config.*) from the BUILT
// runtime, so it runs after tsup: `"build": "tsup && node scripts/config-schema.mjs"`. The
// schema is core's part plus every host section (sandbox, mcpServers, model, mcp), the same
// assembly every host validates with. Editors read it through a config's "$schema" key; the
// package exports it as "@quiver/runtime/schema.json". The first-party plugins' options and
// sections come from plugin-config.json beside this script (committed: this package imports no
// plugin; the repo's scripts/plugin-config-schema.mjs writes it from the built plugins and checks
// it in the suite).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { configSchemaFor } from '@quiver/core/host';
import { HOST_CONFIG_SECTIONS } from '../dist/index.js';

const out = fileURLToPath(new URL('../schema/quiver.config.schema.json', import.meta.url));

// `io: 'input'`: the schema describes the file a user writes, where keys with defaults
// (a command hook's `type`, say) may be left out. The output shape would mark them required.
const schema = {
  ...z.toJSONSchema(configSchemaFor(HOST_CONFIG_SECTIONS), { io: 'input' }),
  title: 'Quiver config',
  description: 'quiver.config.{ts,mjs,js,json}: plugins, tool settings, approval, command permissions, hooks, workspace roots, model.',
};

const { plugins } = JSON.parse(readFileSync(new URL('./plugin-config.json', import.meta.url), 'utf8'));
withPlugins(schema, plugins);

mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(schema, null, 2)}\n`);
console.log(`wrote ${out}`);

/**
 * A `plugins` entry naming a first-party plugin gets that plugin's options schema (any other
 * name keeps free-form options: its schema is unknown until it loads), and each section a
 * first-party plugin owns becomes a top-level key.
 */
function withPlugins(schema, plugins) {
  const items = schema.properties.plugins.items;
  const generic = items.anyOf.find((branch) => branch.type === 'object');
  const known = plugins.filter((p) => p.options).map((p) => p.name);
  const named = plugins
    .filter((p) => p.options)
    .map((p) => ({
      ...generic,
      description: `${p.name} and its options`,
      properties: { ...generic.properties, name: { const: p.name }, options: p.options },
    }));
  const other = { ...generic, properties: { ...generic.properties, name: { ...generic.properties.name, not: { enum: known } } } };
  items.anyOf = [...items.anyOf.filter((branch) => branch !== generic), ...named, other];
  for (const p of plugins)
    for (const section of p.sections ?? []) {
      if (schema.properties[section.key]) throw new Error(`config section ${section.key} of ${p.name} is already a key of the schema`);
      schema.properties[section.key] = { ...section.schema, description: `Owned by the plugin ${p.name}.` };
    }
}
