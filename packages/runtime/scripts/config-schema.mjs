#!/usr/bin/env node
// Writes schema/quiver.config.schema.json (the JSON Schema of quiver.config.*) from the BUILT
// runtime, so it runs after tsup: `"build": "tsup && node scripts/config-schema.mjs"`. The
// schema is core's part plus every host section (sandbox, mcpServers, model, mcp), the same
// assembly every host validates with. Editors read it through a config's "$schema" key; the
// package exports it as "@quiver/runtime/schema.json".
import { mkdirSync, writeFileSync } from 'node:fs';
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

mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(schema, null, 2)}\n`);
console.log(`wrote ${out}`);
