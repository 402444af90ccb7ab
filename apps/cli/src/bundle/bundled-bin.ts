#!/usr/bin/env node
// The entry of the bundled `quiver` command (dist/bin.js): the plugins inside the bundle are
// made known before the command runs, and so are the packages it shares with what it loads from
// outside (core, zod: see share-bundled-modules.ts). Nothing else is imported eagerly (see bin.ts).
import { BUNDLED_PLUGINS } from './bundled-plugins.js';
import { setBundledPlugins } from './bundled-registry.js';
import { setSharedModules } from './share-bundled-modules.js';
import corePackage from '@quiver/core/package.json';
import zodPackage from 'zod/package.json';

setBundledPlugins(BUNDLED_PLUGINS);
setSharedModules(
  {
    '@quiver/core': { version: corePackage.version, url: new URL('./shared-core.js', import.meta.url).href },
    '@quiver/core/host': { version: corePackage.version, url: new URL('./shared-core-host.js', import.meta.url).href },
    zod: { version: zodPackage.version, url: new URL('./shared-zod.js', import.meta.url).href },
  },
  new URL('./share-hooks.js', import.meta.url),
  new URL('./', import.meta.url),
);
await import('../bin.js');
