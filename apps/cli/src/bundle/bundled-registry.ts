import type { BundledPlugin } from '@quiver/core';

let bundled: ReadonlyMap<string, BundledPlugin> | undefined;

/**
 * Record the plugin modules this build of the CLI carries. Only the bundled command's entry
 * (src/bundle/bundled-bin.ts) calls it; run from sources or unbundled, every plugin is imported
 * from its package.
 */
export function setBundledPlugins(plugins: ReadonlyMap<string, BundledPlugin>): void {
  bundled = plugins;
}

/** The plugin modules this build carries, if any (for `createRuntime({ bundledPlugins })`). */
export function bundledPlugins(): ReadonlyMap<string, BundledPlugin> | undefined {
  return bundled;
}
