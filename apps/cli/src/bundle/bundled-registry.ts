import type { BundledPackage } from '@quiver/runtime';

let bundled: ReadonlyMap<string, BundledPackage> | undefined;

/**
 * Record the plugin modules this build of the CLI carries. Only the bundled command's entry
 * (src/bundle/bundled-bin.ts) calls it; run from sources or unbundled, every plugin is imported
 * from its package.
 */
export function setBundledPlugins(plugins: ReadonlyMap<string, BundledPackage>): void {
  bundled = plugins;
}

/** The plugin modules this build carries, if any (for `createRuntime({ bundledPlugins })`). */
export function bundledPlugins(): ReadonlyMap<string, BundledPackage> | undefined {
  return bundled;
}
