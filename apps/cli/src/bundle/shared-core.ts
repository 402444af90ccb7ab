// The bundle's copy of @quiver/core as a module of its own: a package loaded from outside the
// bundle under `quiver run` (@quiver/agent, an optional plugin) is given this one instead of a
// second copy (see share-bundled-modules.ts).
export * from '@quiver/core';
