// The CLI ships each bundled plugin's code once, in its bundle, and its manifest in
// dist/plugins (the package itself is a devDependency, not installed). The two lists must agree:
// a manifest without bundled code would load nothing, bundled code without a manifest would be
// invisible to a lean install.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../..', import.meta.url));
const MANIFESTS = join(CLI, 'dist/plugins');
// Read from the source: importing it here would resolve the plugins to their sources (vitest's aliases).
const BUNDLED = [
  ...readFileSync(fileURLToPath(new URL('./bundled-plugins.ts', import.meta.url)), 'utf8').matchAll(/^\s*bundled\('([^']+)'/gm),
].map((m) => m[1]);
const version = (name: string) =>
  (JSON.parse(readFileSync(createRequire(join(CLI, 'package.json')).resolve(`${name}/package.json`), 'utf8')) as { version: string })
    .version;

/** The package names under dist/plugins (scoped ones are two levels deep). */
function manifestNames(): string[] {
  return readdirSync(MANIFESTS)
    .flatMap((d) => (d.startsWith('@') ? readdirSync(join(MANIFESTS, d)).map((n) => `${d}/${n}`) : [d]))
    .sort();
}

describe('the bundled plugins', () => {
  it('have a manifest in dist/plugins each, of the version bundled, with its descriptors', () => {
    expect(BUNDLED.length).toBeGreaterThan(10);
    expect(manifestNames()).toEqual([...BUNDLED].sort());
    for (const name of BUNDLED) {
      const manifest = JSON.parse(readFileSync(join(MANIFESTS, name, 'package.json'), 'utf8')) as {
        version: string;
        quiver: { entry: string; descriptors?: string };
        dependencies?: unknown;
      };
      expect(manifest.version, name).toBe(version(name));
      // Only the manifest: no ranges that would make it look installable.
      expect(manifest.dependencies, name).toBeUndefined();
      // An entry that exists (the registry checks it before loading anything): the bundle's chunk.
      expect(readFileSync(join(MANIFESTS, name, manifest.quiver.entry), 'utf8'), name).toMatch(
        /^export \{ default \} from "(\.\.\/)+[\w-]+\.js";$/m,
      );
      if (manifest.quiver.descriptors)
        expect(existsSync(join(MANIFESTS, name, manifest.quiver.descriptors)), `${name} descriptors`).toBe(true);
    }
  });

  it('are devDependencies of the CLI, never installed with it', () => {
    const pkg = JSON.parse(readFileSync(join(CLI, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    for (const name of BUNDLED) {
      expect(pkg.devDependencies?.[name], name).toBeDefined();
      expect(pkg.dependencies?.[name], name).toBeUndefined();
    }
  });
});
