// The config JSON Schema (@quiver/runtime/schema.json) holds the first-party plugins' options
// and sections from packages/runtime/scripts/plugin-config.json, which scripts/
// plugin-config-schema.mjs writes from the built plugins: it must match them (else `pnpm
// api:update`), and the built schema must judge a plugin's options as the plugin does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the repo, no declarations
import { PLUGIN_CONFIG_FILE, pluginConfig } from '../../../scripts/plugin-config-schema.mjs';

const root = join(import.meta.dirname, '../../..');
const SCHEMA = join(root, 'packages/runtime/schema/quiver.config.schema.json');

describe("the plugins' part of the config schema", () => {
  it('matches the built plugins (else run `pnpm api:update` and commit plugin-config.json)', async () => {
    const generated = (await pluginConfig()) as { plugins: { name: string; options?: unknown }[] };
    expect(readFileSync(PLUGIN_CONFIG_FILE, 'utf8')).toBe(`${JSON.stringify(generated, null, 2)}\n`);
    expect(generated.plugins.map((p) => p.name)).toEqual(expect.arrayContaining(['@quiver/tool-list-files', '@quiver/tool-read-file']));
  });

  it("validates a first-party plugin's options by its schema, and leaves another plugin's free", () => {
    const validate = new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(SCHEMA, 'utf8')));
    const config = (entry: unknown) => ({ plugins: ['@quiver/tool-read-file', entry] });
    expect(validate(config({ name: '@quiver/tool-list-files', options: { limit: 50 } })), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(config({ name: '@quiver/tool-list-files', options: { limit: 'many' } }))).toBe(false);
    expect(validate(config({ name: '@quiver/tool-list-files', options: { limt: 50 } }))).toBe(false);
    expect(validate(config({ name: '@quiver/tool-web-search', options: { maxResults: 5 } }))).toBe(true);
    expect(validate(config({ name: 'quiver-tool-acme', options: { anything: [1] } }))).toBe(true);
    expect(validate(config({ name: 'quiver-tool-acme', options: {}, extra: true }))).toBe(false);
    expect(validate({ notAKey: 1 })).toBe(false);
  });
});
