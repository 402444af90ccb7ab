#!/usr/bin/env node
// The entry of the bundled `quiver` command (dist/bin.js): the plugins inside the bundle are
// made known before the command runs. Nothing else is imported eagerly (see bin.ts).
import { BUNDLED_PLUGINS } from './bundled-plugins.js';
import { setBundledPlugins } from './bundled-registry.js';

setBundledPlugins(BUNDLED_PLUGINS);
await import('../bin.js');
