#!/usr/bin/env node
// quiver-describe-tools [package-dir]: run after a plugin's build. Imports the built entry the
// manifest names, serialises every tool's descriptor (JSON Schema, description, annotations and
// whatever else the definition declares) with core's describePlugin(), and writes the file the
// manifest's `quiver.descriptors` names. Hosts then list the tools without importing the plugin.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describePlugin, isPluginDefinition } from '../dist/host.js';

const dir = resolve(process.argv[2] ?? process.cwd());
const pkg = JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8'));
const manifest = pkg.quiver;
const fail = (message) => {
  process.stderr.write(`quiver-describe-tools: ${pkg.name ?? dir}: ${message}\n`);
  process.exit(1);
};
if (!manifest?.entry) fail('package.json has no "quiver" manifest with an entry.');
if (!manifest.descriptors) fail('the "quiver" manifest names no "descriptors" file; add "descriptors": "./dist/quiver-tools.json".');
const plugin = (await import(pathToFileURL(resolve(dir, manifest.entry)).href)).default;
if (!isPluginDefinition(plugin)) fail(`'${manifest.entry}' does not default-export definePlugin({...}).`);
const out = resolve(dir, manifest.descriptors);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(describePlugin(plugin), null, 2)}\n`);
