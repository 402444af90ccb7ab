import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configSchemaFor } from '@quiver/core/host';
import { HOST_CONFIG_SECTIONS } from './host-config-sections.js';

// What scripts/config-schema.mjs publishes as @quiver/runtime/schema.json: core's part plus every host section.
const jsonSchema = z.toJSONSchema(configSchemaFor(HOST_CONFIG_SECTIONS), { io: 'input' }) as {
  type: string;
  properties: Record<string, { properties?: Record<string, unknown> }>;
  additionalProperties: boolean;
  required?: string[];
};

describe('the whole config JSON Schema', () => {
  it("has core's keys and every host section, and refuses unknown ones", () => {
    expect(jsonSchema.type).toBe('object');
    expect(Object.keys(jsonSchema.properties).sort()).toEqual(
      [
        '$schema',
        'approval',
        'commandPermissions',
        'commands',
        'extends',
        'hooks',
        'ignoreFile',
        'mcp',
        'mcpServers',
        'model',
        'plugins',
        'sandbox',
        'tools',
        'workspaceRoots',
      ].sort(),
    );
    expect(jsonSchema.additionalProperties).toBe(false);
    expect(jsonSchema.required ?? []).toEqual([]);
    expect(Object.keys(jsonSchema.properties.sandbox.properties ?? {})).toEqual(expect.arrayContaining(['mode', 'network', 'denyRead']));
    expect(Object.keys(jsonSchema.properties.mcp.properties ?? {})).toEqual(expect.arrayContaining(['token', 'port']));
  });
});
