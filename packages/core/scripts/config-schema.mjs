#!/usr/bin/env node
// Writes schema/quiver.config.schema.json (the JSON Schema of quiver.config.*) from the BUILT
// core, so it runs after tsup: `"build": "tsup && node scripts/config-schema.mjs"`. Editors
// read it through a config's "$schema" key; the package exports it as "@quiver/core/schema.json".
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { configSchema } from '../dist/index.js';

const out = fileURLToPath(new URL('../schema/quiver.config.schema.json', import.meta.url));

// `io: 'input'`: the schema describes the file a user writes, where keys with defaults
// (a command hook's `type`, say) may be left out. The output shape would mark them required.
const schema = {
  ...z.toJSONSchema(configSchema, { io: 'input' }),
  title: 'Quiver config',
  description: 'quiver.config.{ts,mjs,js,json}: plugins, tool settings, approval, command permissions, hooks, workspace roots, model.',
};

mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(schema, null, 2)}\n`);
console.log(`wrote ${out}`);
