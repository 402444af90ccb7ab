// Config sections: core's schema knows only core's keys; a host assembles the whole schema
// from core's part plus the sections of the packages it carries. A section's bad value and a
// key nobody claims are the same config error naming the file and the key.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineConfigSection, ERROR_CODES } from '../index.js';
import { configSchema, configSchemaFor, loadConfig, resolveConfig } from '../host.js';
import { validateConfig } from './validate-config.js';

const widget = defineConfigSection({
  key: 'widget',
  schema: z.object({ size: z.number().int().positive().default(3), secret: z.string().optional() }).strict(),
  untrusted(value, ctx) {
    const { secret, ...rest } = value;
    if (secret !== undefined) ctx.ignore('widget.secret');
    return rest;
  },
});
const gadget = defineConfigSection({ key: 'gadget', schema: z.array(z.string()) });
const sections = [widget, gadget];

let root: string;
beforeEach(async () => void (root = await realpath(await mkdtemp(join(tmpdir(), 'quiver-sections-')))));
afterEach(() => rm(root, { recursive: true, force: true }));

describe('config sections', () => {
  it("core's schema has no plugin or package section", () => {
    expect(Object.keys(configSchema.shape).sort()).toEqual([
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
    ]);
  });

  it('a section key validates with its schema, defaults filled in, read typed through of()', () => {
    const config = validateConfig({ widget: {}, gadget: ['a'] }, 'x.json', sections);
    expect(widget.of(config)).toEqual({ size: 3 });
    expect(gadget.of(config)).toEqual(['a']);
    expect(widget.of(validateConfig({}, 'x.json', sections))).toBeUndefined();
  });

  it.each([
    { given: { widget: { size: 0 } }, key: 'widget.size', says: 'widget.size' },
    { given: { widget: { sise: 2 } }, key: 'widget.sise', says: 'widget.sise: unknown key' },
    { given: { gizmo: true }, key: 'gizmo', says: 'gizmo: unknown key' },
  ])('$key: a config error naming the file and the key', async ({ given, key, says }) => {
    const file = join(root, 'quiver.config.json');
    await writeFile(file, JSON.stringify(given));
    await expect(loadConfig({ cwd: root, trusted: true, sections })).rejects.toMatchObject({
      code: ERROR_CODES.CONFIG_INVALID,
      file,
      key,
      message: expect.stringContaining(says),
    });
  });

  it('a layer an extends chain pulls in is checked against the sections too, naming its own file', async () => {
    const base = join(root, 'base.json');
    await writeFile(base, JSON.stringify({ widget: { size: 'big' } }));
    await expect(resolveConfig({ extends: './base.json' }, { dir: root, sections })).rejects.toMatchObject({
      file: base,
      key: 'widget.size',
      message: expect.stringContaining(base),
    });
    await writeFile(base, JSON.stringify({ widget: { size: 5 } }));
    expect(widget.of((await resolveConfig({ extends: './base.json', gadget: [] }, { dir: root, sections })).config)).toEqual({ size: 5 });
  });

  it("an untrusted folder keeps what a section's rule keeps, and drops a section without a rule", async () => {
    await writeFile(join(root, 'quiver.config.json'), JSON.stringify({ widget: { size: 2, secret: 's' }, gadget: ['x'] }));
    const { config, ignored } = await loadConfig({ cwd: root, sections });
    expect(config).toEqual({ widget: { size: 2 } });
    expect(ignored?.sort()).toEqual(['gadget', 'widget.secret']);
  });

  it("one owner per key: a section may not take a core key or another section's", () => {
    expect(() => configSchemaFor([defineConfigSection({ key: 'approval', schema: z.object({}) })])).toThrow(
      expect.objectContaining({ code: ERROR_CODES.CONFIG_INVALID, key: 'approval' }),
    );
    expect(() => configSchemaFor([gadget, defineConfigSection({ key: 'gadget', schema: z.string() })])).toThrow(/declared twice/);
  });
});
