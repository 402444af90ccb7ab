import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HOOK_NAMES } from '../index.js';
import { configSchema } from '../host.js';

// Core's part of what @quiver/runtime's scripts/config-schema.mjs publishes as @quiver/runtime/schema.json
// (that package's test checks the whole, with the host sections).
const jsonSchema = z.toJSONSchema(configSchema, { io: 'input' }) as {
  type: string;
  properties: Record<string, { properties?: Record<string, unknown>; propertyNames?: { enum?: string[] } }>;
  additionalProperties: boolean;
  required?: string[];
};

describe('the config JSON Schema', () => {
  it("has every one of core's top-level keys, and refuses unknown ones", () => {
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
        'plugins',
        'tools',
        'workspaceRoots',
      ].sort(),
    );
    expect(Object.keys(jsonSchema.properties).sort()).toEqual(Object.keys(configSchema.shape).sort());
    expect(jsonSchema.additionalProperties).toBe(false);
    expect(jsonSchema.required ?? []).toEqual([]);
  });

  it('lists the approval settings and the hook names', () => {
    expect(Object.keys(jsonSchema.properties.approval.properties ?? {})).toEqual(
      expect.arrayContaining(['yolo', 'autoApproveAll', 'readFiles', 'executeAllCommands', 'maxConsecutiveMistakes']),
    );
    expect(jsonSchema.properties.hooks.propertyNames?.enum).toEqual(Object.keys(HOOK_NAMES));
  });

  it('leaves keys with defaults optional (the file a user writes)', () => {
    const text = JSON.stringify(jsonSchema.properties.hooks);
    expect(text).toContain('"required":["command"]');
  });
});
