// A host that bundles a plugin (the quiver CLI) uses its own copy of that plugin's module, but
// only for the very version it was built from: any other install loads from its package.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { definePlugin, defineTool, ERROR_CODES, resultText, type HostUi } from '../index.js';
import { createHost, type BundledPlugin } from '../host.js';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/lazy-plugin', import.meta.url));
const ui: HostUi = { say: () => {}, ask: async () => ({ response: 'yes' }), approve: async () => ({ approved: true }) };

/** The bundled copy: the same tool, answering so that the test can tell which copy ran. */
function bundledCopy(version: string, loads: string[]): ReadonlyMap<string, BundledPlugin> {
  const echo = defineTool({
    name: 'lazy_echo',
    description: 'Echo.',
    params: z.object({ text: z.string() }),
    approval: 'none',
    execute: async (_c, p) => `bundled ${p.text}`,
  });
  return new Map([
    [
      'quiver-tool-lazy-fixture',
      { version, load: async () => (loads.push(version), { default: definePlugin({ name: 'quiver-tool-lazy-fixture', tools: [echo] }) }) },
    ],
  ]);
}

describe('bundled plugins', () => {
  it('a package of the bundled name and version runs the bundled module, imported on first use', async () => {
    const loads: string[] = [];
    const host = createHost({ ui, bundledPlugins: bundledCopy('1.0.0', loads) });
    host.registry.addPackage(FIXTURE);
    expect(host.registry.list().map((t) => t.name)).toEqual(['lazy_echo']);
    expect(loads).toEqual([]);
    expect(resultText(await host.createTask().call('lazy_echo', { text: 'hi' }))).toBe('bundled hi');
    expect(loads).toEqual(['1.0.0']);
    await host.dispose();
  });

  it('another version of the package is imported from its folder', async () => {
    const loads: string[] = [];
    const host = createHost({ ui, bundledPlugins: bundledCopy('2.0.0', loads) });
    host.registry.addPackage(FIXTURE);
    expect(resultText(await host.createTask().call('lazy_echo', { text: 'hi' }))).toBe('hi');
    expect(loads).toEqual([]);
    await host.dispose();
  });

  describe('a manifest the host checked at build (BundledPlugin.manifest)', () => {
    /** A copy of the fixture whose `quiver` field is `quiver` (temp folder). */
    function fixtureWith(quiver: unknown): string {
      const dir = mkdtempSync(join(tmpdir(), 'quiver-bundled-'));
      cpSync(FIXTURE, dir, { recursive: true });
      const pkg = JSON.parse(readFileSync(join(FIXTURE, 'package.json'), 'utf8')) as Record<string, unknown>;
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...pkg, quiver }));
      return dir;
    }
    const manifest = () => (JSON.parse(readFileSync(join(FIXTURE, 'package.json'), 'utf8')) as { quiver: Record<string, unknown> }).quiver;
    const withChecked = (version: string, text: string): ReadonlyMap<string, BundledPlugin> =>
      new Map([['quiver-tool-lazy-fixture', { ...bundledCopy(version, []).get('quiver-tool-lazy-fixture')!, manifest: text }]]);

    it('the same name, version and text registers as checked', async () => {
      const host = createHost({ ui, bundledPlugins: withChecked('1.0.0', JSON.stringify(manifest())) });
      host.registry.addPackage(FIXTURE);
      expect(host.registry.list().map((t) => t.name)).toEqual(['lazy_echo']);
      await host.dispose();
    });

    it('a manifest that differs from the checked text is checked in full', async () => {
      const dir = fixtureWith({ ...manifest(), apiVersion: 99 });
      try {
        const host = createHost({ ui, bundledPlugins: withChecked('1.0.0', JSON.stringify(manifest())) });
        expect(() => host.registry.addPackage(dir)).toThrow(expect.objectContaining({ code: ERROR_CODES.PLUGIN_API_VERSION }));
        await host.dispose();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('the checked text of another version counts for nothing', async () => {
      const bad = { ...manifest(), core: '>=99.0.0' };
      const dir = fixtureWith(bad);
      try {
        const host = createHost({ ui, bundledPlugins: withChecked('2.0.0', JSON.stringify(bad)) });
        expect(() => host.registry.addPackage(dir)).toThrow(expect.objectContaining({ code: ERROR_CODES.PLUGIN_CORE_RANGE }));
        await host.dispose();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
