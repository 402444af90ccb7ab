#!/usr/bin/env node
// The quiver command of @quiver/all: the same CLI, installed with every first-party package
// beside it, so its default preset finds every tool (the CLI loads the ones installed with it).
// The CLI's bin is found through its package.json (its `exports` name only the library).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const manifest = createRequire(import.meta.url).resolve('@quiver/cli/package.json');
const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
await import(pathToFileURL(join(dirname(manifest), bin.quiver)).href);
