import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { ERROR_CODES, quiverError } from '@quiver/core';
import { distributionPlugin } from './distribution-esbuild-plugin.js';
import { BUNDLE_BANNER, BUNDLE_DEFINE, settingsModule } from './distribution-modules.js';
import { copyNativeAssets, NATIVE_ASSET_MODULES, type CopiedAsset } from './native-assets.js';
import { copyPluginAssets } from './plugin-assets.js';
import { planDistribution, type DistributionPlan } from './plan-distribution.js';
import { CLI_ERRORS } from '../cli-errors.js';

/** The bundle's file name in the output folder. */
export const DISTRIBUTION_BIN = 'quiver.mjs';

/** Options of {@link buildDistribution}. */
export interface BuildOptions {
  /** The build config: which plugins, which settings (any `quiver.config.*` form). */
  configFile: string;
  /** The output folder (created). */
  outDir: string;
  /** What relative paths are resolved from. */
  cwd: string;
  /** The CLI's folder: plugin names and `@quiver/runtime` resolve from here. */
  cliDir: string;
  /** Minify the bundle. @default false */
  minify?: boolean;
}

/** What was built. */
export interface BuildResult {
  /** The bundle: run it with `node <bin> <command>`. */
  bin: string;
  outDir: string;
  plugins: { name: string; tools: string[] }[];
  /** Binaries and plugin assets copied next to the bundle (paths in `outDir`). */
  assets: string[];
  /** The bundle's size. */
  bytes: number;
  /** The whole distribution's size: bundle, binaries, assets and distribution.json. */
  totalBytes: number;
}

/**
 * Build a custom distribution: one self-contained ES module holding the CLI (and its MCP
 * server), the chosen plugins imported statically and the baked config, plus the native
 * binaries they need copied beside it. It runs with plain `node <out>/quiver.mjs` from a
 * folder with no node_modules.
 * @example
 * await buildDistribution({ configFile: 'dist.config.json', outDir: 'out', cwd, cliDir: CLI_DIR });
 */
export async function buildDistribution(options: BuildOptions): Promise<BuildResult> {
  assertPackagesInstalled(options.cliDir);
  const plan = await planDistribution({ configFile: options.configFile, cwd: options.cwd, cliDir: options.cliDir });
  const outDir = resolve(options.cwd, options.outDir);
  await mkdir(outDir, { recursive: true });
  const assets = new Map<string, CopiedAsset[]>();
  for (const p of plan.plugins) assets.set(p.name, [...(await copyNativeAssets(p, outDir)), ...(await copyPluginAssets(p, outDir))]);
  const bin = join(outDir, DISTRIBUTION_BIN);
  await bundle(plan, assets, bin, options);
  await writeFile(join(outDir, 'distribution.json'), `${JSON.stringify(manifest(plan, assets), null, 2)}\n`);
  return {
    bin,
    outDir,
    plugins: plan.plugins.map((p) => ({ name: p.name, tools: p.tools })),
    assets: [...assets.values()].flat().map((a) => a.file),
    bytes: (await stat(bin)).size,
    totalBytes: await folderBytes(outDir),
  };
}

/**
 * The packages a distribution is bundled from (the unbundled command, lib/bin.js, imports them).
 * The lean `npm i -g @quiver/cli` does not install them: its own command is one bundle that
 * already holds them. @quiver/all does, so its `quiver build` works.
 */
const BUILD_PACKAGES = [
  '@quiver/runtime',
  '@quiver/core',
  '@quiver/mcp-hub',
  '@quiver/shell',
  '@quiver/sandbox',
  '@quiver/workspace',
  '@quiver/ignore',
] as const;

function assertPackagesInstalled(cliDir: string): void {
  const lib = join(cliDir, 'lib/bin.js');
  if (!existsSync(lib)) return; // run from the sources: the workspace has every package
  const req = createRequire(lib);
  const missing = BUILD_PACKAGES.filter((p) => {
    try {
      req.resolve(`${p}/package.json`); // (their exports are ES modules only: require.resolve cannot name the entry)
      return false;
    } catch {
      return true;
    }
  });
  if (!missing.length) return;
  throw quiverError(
    ERROR_CODES.DEPENDENCY_MISSING,
    `'quiver build' bundles a distribution from Quiver's packages (${missing.join(', ')} are not installed here): the default @quiver/cli install carries them only inside its own bundle. Install @quiver/all ('npm i -g @quiver/all', the same quiver command with every package and esbuild) and run its quiver build.`,
    { key: missing[0] },
  );
}

/** The bytes of every file under `dir` (a distribution's size on disk, before compression). */
async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

async function bundle(
  plan: DistributionPlan,
  assets: ReadonlyMap<string, CopiedAsset[]>,
  outfile: string,
  options: BuildOptions,
): Promise<void> {
  const { build } = await import('esbuild');
  // The unbundled command (lib/bin.js): the built bin.js already holds @quiver/runtime, which
  // the distribution must swap for its baked one.
  const cliBin = ['lib/bin.js', 'bin.ts'].map((f) => join(options.cliDir, f)).find((f) => existsSync(f));
  if (!cliBin)
    throw quiverError(CLI_ERRORS.BUILD_FAILED, `The CLI's bin module is not in ${options.cliDir}. Build the CLI first (pnpm build).`, {
      file: options.cliDir,
    });
  try {
    await build({
      entryPoints: ['quiver-distribution:entry'],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      banner: { js: BUNDLE_BANNER },
      define: { ...BUNDLE_DEFINE },
      // Every Node built-in, subpaths included (esbuild's own list misses some, e.g. readline/promises).
      external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`), ...NATIVE_ASSET_MODULES],
      plugins: [distributionPlugin({ cliBin, cliDir: options.cliDir, settings: settingsModule(plan, assets) })],
      minify: options.minify ?? false,
      legalComments: 'none',
      logLevel: 'silent',
    });
  } catch (cause) {
    const errors = (cause as { errors?: { text: string; location?: { file: string; line: number } | null }[] }).errors ?? [];
    const detail = errors.length
      ? errors
          .slice(0, 5)
          .map((e) => `${e.location ? `${e.location.file}:${e.location.line}: ` : ''}${e.text}`)
          .join('; ')
      : (cause as Error).message;
    throw quiverError(
      CLI_ERRORS.BUILD_FAILED,
      `Bundling the distribution failed: ${detail}. Build the plugins first, or drop the plugin that fails from the build config.`,
      { file: plan.configFile, cause },
    );
  }
  await chmod(outfile, 0o755);
}

function manifest(plan: DistributionPlan, assets: ReadonlyMap<string, CopiedAsset[]>) {
  return {
    bin: DISTRIBUTION_BIN,
    builtFrom: plan.configFile,
    plugins: plan.plugins.map((p) => ({ name: p.name, tools: p.tools, assets: (assets.get(p.name) ?? []).map((a) => a.file) })),
    config: plan.config,
  };
}
