// A host that bundles a plugin (the quiver CLI) uses its own copy of that plugin's module, but
// only for the very version it was built from: any other install loads from its package.
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createHost, definePlugin, defineTool, resultText, type BundledPlugin, type HostUi } from '../index.js';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/lazy-plugin', import.meta.url));
const ui: HostUi = { say: () => {}, ask: async () => ({ response: 'yes' }), approve: async () => ({ approved: true }) };

/** The bundled copy: the same tool, answering so that the test can tell which copy ran. */
function bundledCopy(version: string, loads: string[]): ReadonlyMap<string, BundledPlugin> {
  const echo = defineTool({ name: 'lazy_echo', description: 'Echo.', params: z.object({ text: z.string() }), approval: 'none', execute: async (_c, p) => `bundled ${p.text}` });
  return new Map([['quiver-tool-lazy-fixture', { version, load: async () => (loads.push(version), { default: definePlugin({ name: 'quiver-tool-lazy-fixture', tools: [echo] }) }) }]]);
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
});
