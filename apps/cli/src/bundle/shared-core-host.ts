// The bundle's copy of @quiver/core/host (the host-builder entry) as a module of its own, for the
// same reason as shared-core.ts: @quiver/agent builds its host with it under `quiver run`, and a
// second copy would bring a second core (see share-bundled-modules.ts).
export * from '@quiver/core/host';
