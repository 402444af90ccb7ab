import { register } from 'node:module';
import type { ShareHooksData, SharedModule } from './share-hooks.js';

let shared: { data: ShareHooksData; hooks: string } | undefined;

/**
 * Record the packages the bundle shares with what it loads from outside (only the bundled
 * entry, src/bundle/bundled-bin.ts, calls it): @quiver/core and zod, each with its bundled
 * version and the bundle module exporting it.
 */
export function setSharedModules(modules: Record<string, SharedModule>, hooks: URL, bundle: URL): void {
  shared = { data: { shared: modules, bundleUrl: bundle.href }, hooks: hooks.href };
}

/**
 * From now on, a package loaded from outside the bundle (`quiver run`'s @quiver/agent, an
 * optional plugin from its folder) that imports @quiver/core or zod gets the bundle's copy when
 * its own would be the same version: one core and one zod in the process, not two (module
 * identity, service refs and zod's schema registry then agree). Another version still loads
 * its own. A no-op unbundled (sources, dist/lib), where there is only one copy anyway.
 *
 * Node runs the hooks on a loader thread and routes every later import through it, so only the
 * commands that load such packages call this.
 */
export function shareBundledModules(): void {
  if (!shared) return;
  register(shared.hooks, { data: shared.data });
  shared = undefined;
}
