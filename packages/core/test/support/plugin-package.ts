// Plugin packages on disk for registry tests: a package.json with a `quiver` manifest and an
// entry module, in a fresh temp folder. Entries written here cannot import @quiver/core (they
// live outside the workspace), so they build the branded objects by hand.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One package to write. `quiver: undefined` leaves the field out. */
export interface PluginPackageSpec {
  name: string;
  quiver?: unknown;
  /** The entry module's source, written to `index.mjs`; omit to write no entry. */
  entry?: string;
  /** Raw package.json text (overrides name and quiver). */
  raw?: string;
  /** More files to write, by path relative to the package (generated tool descriptors). */
  files?: Record<string, string>;
}

/** A hand-branded tool, as `defineTool` would make it (enough for the registry). */
export const brandedTool = (name: string, description = `The ${name} tool.`) =>
  `{ $$type: 'quiver.tool', apiVersion: 1, name: ${JSON.stringify(name)}, description: ${JSON.stringify(description)}, hidden: false }`;

/** An entry module default-exporting a hand-branded plugin. */
export const brandedEntry = (pkg: string, tools: string[]) =>
  `export default { $$type: 'quiver.plugin', apiVersion: 1, name: ${JSON.stringify(pkg)}, tools: [${tools.map((t) => brandedTool(t, `${t} from ${pkg}`)).join(', ')}] };\n`;

/** A temp folder that holds packages; `dispose` removes it. */
export async function createPackageDir() {
  const root = await mkdtemp(join(tmpdir(), 'quiver-core-registry-'));
  let n = 0;
  return {
    root,
    /** Write one package; returns its folder. */
    async write(spec: PluginPackageSpec): Promise<string> {
      const dir = join(root, `pkg-${n++}`);
      await mkdir(dir, { recursive: true });
      const pj =
        spec.raw ??
        JSON.stringify({
          name: spec.name,
          version: '1.0.0',
          type: 'module',
          ...(spec.quiver === undefined ? {} : { quiver: spec.quiver }),
        });
      await writeFile(join(dir, 'package.json'), pj);
      if (spec.entry !== undefined) await writeFile(join(dir, 'index.mjs'), spec.entry);
      for (const [file, text] of Object.entries(spec.files ?? {})) await writeFile(join(dir, file), text);
      return dir;
    },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}
