// The bundle's copy of zod as a module of its own, for Quiver packages loaded from outside the
// bundle (see share-bundled-modules.ts): their schemas then live in the zod the bundled core
// reads. Core is imported too only so that esbuild keeps zod in core's chunk instead of
// splitting it into one more file every command would load.
import '@quiver/core';

export * from 'zod';
export { default } from 'zod';
