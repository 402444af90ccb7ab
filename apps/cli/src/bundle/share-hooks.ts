// Module resolve hooks (node:module `register`), run on Node's loader thread: an import of a
// package the bundle carries (core, zod), made by a Quiver package loaded from outside the
// bundle, gets the bundle's copy when the package it would have loaded is the very version
// bundled. See share-bundled-modules.ts.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A package the bundle shares: its bundled version and the bundle module that exports it. */
export interface SharedModule {
  version: string;
  url: string;
}

/** What `register` passes to {@link initialize}. */
export interface ShareHooksData {
  /** By bare specifier (`@quiver/core`, `@quiver/core/host`, `zod`). */
  shared: Record<string, SharedModule>;
  /** The bundle's folder URL: imports made from inside it are the bundle's own. */
  bundleUrl: string;
}

type ResolveResult = { url: string; format?: string | null; shortCircuit?: boolean };
type NextResolve = (specifier: string, context: { parentURL?: string }) => Promise<ResolveResult>;

let data: ShareHooksData = { shared: {}, bundleUrl: '' };
interface Manifest {
  name?: string;
  version?: string;
}

const manifests = new Map<string, Manifest>();

export function initialize(given: ShareHooksData): void {
  data = given;
}

export async function resolve(specifier: string, context: { parentURL?: string }, next: NextResolve): Promise<ResolveResult> {
  const shared = Object.hasOwn(data.shared, specifier) ? data.shared[specifier] : undefined;
  const parent = context.parentURL;
  if (!shared || !parent?.startsWith('file:') || parent.startsWith(data.bundleUrl)) return next(specifier, context);
  // Only Quiver's own packages: a third-party library (the AI SDK) keeps the zod it resolves,
  // so all of its own `zod`, `zod/v4` imports stay one instance, as they were.
  if (!owningPackage(parent)?.name?.startsWith('@quiver/')) return next(specifier, context);
  const found = await next(specifier, context);
  // Another version (or a copy we cannot place) loads as it would have: its own code is its API.
  if (!found.url.startsWith('file:')) return found;
  const owner = owningPackage(found.url);
  if (owner?.name !== packageOf(specifier) || owner.version !== shared.version) return found;
  return { url: shared.url, format: 'module', shortCircuit: true };
}

/** The package a bare specifier names: `@quiver/core/host` -> `@quiver/core`, `zod` -> `zod`. */
function packageOf(specifier: string): string {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

/** The package.json (name, version) of the package holding the file at `url`. */
function owningPackage(url: string): Manifest | undefined {
  for (let dir = dirname(fileURLToPath(url)); dir !== dirname(dir); dir = dirname(dir)) {
    if (manifests.has(dir)) return manifests.get(dir);
    let manifest: Manifest;
    try {
      manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
    } catch {
      continue;
    }
    // zod has package.json files in its subfolders (a "type" only): the package's own has a name.
    if (typeof manifest.name !== 'string') continue;
    manifests.set(dir, manifest);
    return manifest;
  }
  return undefined;
}
