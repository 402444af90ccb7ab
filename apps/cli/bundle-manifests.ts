import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORE_VERSION } from '@quiver/core';
import { checkPluginManifest } from '@quiver/core/host';

/** The folder of dist/ that holds the bundled plugins' manifests (see src/bundle/bundled-plugins.ts). */
export const MANIFESTS_DIR = 'dist/plugins';

/** The fields of a plugin's package.json the registry reads (the rest, ranges included, stays out). */
const KEPT_FIELDS = ['name', 'version', 'description', 'license', 'type', 'engines', 'quiver'] as const;

/** esbuild's metafile (tsup `metafile: true`): which output chunk holds which entry module. */
const METAFILE = 'dist/metafile-esm.json';

/**
 * Copy the manifest of every plugin the CLI's bundle carries (a devDependency with a `quiver`
 * manifest) into dist/plugins/<name>/: its package.json's manifest fields, its descriptors
 * file, and an entry module that re-exports the plugin's chunk of the bundle. A lean install
 * does not hold those packages (their code is in the bundle), and the registry reads a plugin's
 * tools and descriptors from a package folder before it loads any code: this folder is that
 * package folder. (The registry takes the code from the bundle's map by version; the entry
 * makes the folder a complete package anyway.) Each manifest is checked against the bundled
 * core here, so the runtime need not check it again (`BundledPlugin.manifest`). The metafile is
 * read, then removed.
 */
export function copyBundledManifests(pkg: Record<string, Record<string, string> | undefined>, cliRoot: URL): void {
  const root = fileURLToPath(cliRoot);
  const require = createRequire(join(root, 'package.json'));
  const chunks = chunkOfEntry(join(root, METAFILE), root);
  const peers = new Set(Object.keys(pkg.peerDependencies ?? {}));
  for (const name of Object.keys(pkg.devDependencies ?? {})) {
    if (peers.has(name)) continue;
    let dir: string;
    try {
      dir = dirname(require.resolve(`${name}/package.json`));
    } catch {
      continue; // not a package with an exported package.json: not a plugin
    }
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown> & {
      quiver?: { entry?: string; descriptors?: string };
    };
    if (!manifest.quiver?.entry) continue;
    // The bundle tells the registry these manifests are checked (BundledPlugin.manifest): check them.
    checkPluginManifest(manifest, { file: join(dir, 'package.json'), coreVersion: CORE_VERSION });
    const out = join(root, MANIFESTS_DIR, name);
    mkdirSync(out, { recursive: true });
    const kept = Object.fromEntries(KEPT_FIELDS.filter((k) => manifest[k] !== undefined).map((k) => [k, manifest[k]]));
    writeFileSync(join(out, 'package.json'), `${JSON.stringify(kept, null, 2)}\n`);
    const chunk = chunks.get(resolve(dir, manifest.quiver.entry));
    if (!chunk)
      throw new Error(
        `${name}: its entry ${manifest.quiver.entry} is not in the bundle. List it in src/bundle/bundled-plugins.ts, or make it an optional peerDependency.`,
      );
    const entry = resolve(out, manifest.quiver.entry);
    mkdirSync(dirname(entry), { recursive: true });
    const spec = relative(dirname(entry), chunk).split(sep).join('/');
    writeFileSync(
      entry,
      `// ${name}, carried in the quiver bundle: this re-exports its chunk.\nexport { default } from ${JSON.stringify(spec.startsWith('.') ? spec : `./${spec}`)};\n`,
    );
    const descriptors = manifest.quiver.descriptors;
    if (!descriptors) continue;
    const from = resolve(dir, descriptors);
    if (!existsSync(from)) throw new Error(`${name}: its descriptors file ${descriptors} is missing. Build the plugin first.`);
    const to = resolve(out, descriptors);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
  }
}

/** Entry module (absolute path) -> the output chunk holding it (absolute), from esbuild's metafile. */
function chunkOfEntry(metafile: string, root: string): Map<string, string> {
  const meta = JSON.parse(readFileSync(metafile, 'utf8')) as { outputs: Record<string, { entryPoint?: string }> };
  rmSync(metafile);
  const out = new Map<string, string>();
  for (const [file, output] of Object.entries(meta.outputs)) {
    if (output.entryPoint) out.set(resolve(root, output.entryPoint), resolve(root, file));
  }
  return out;
}
