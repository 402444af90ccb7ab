#!/usr/bin/env node
// Stages the extension as it is packaged (dist/stage: package.json, README, out/, bin/rg) and
// packs it into dist/quiver-vscode.vsix with @vscode/vsce. The manifest is the workspace
// package's `vscodeExtension` block plus `contributes.languageModelTools`, generated from the
// built plugins' tool descriptors. QUIVER_VSCODE_CONFIG=<config file> leaves out the tools it disables or hides.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@quiver/core/host';
import { rgPath } from '@vscode/ripgrep';
import { readBundledDescriptors, toolContributions } from './tool-contributions.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const stage = join(root, 'dist/stage');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

if (!existsSync(join(stage, 'out/extension.js'))) throw new Error('dist/stage/out/extension.js is missing: run tsup first.');

const configFile = process.env.QUIVER_VSCODE_CONFIG;
const toolSettings = configFile ? (await loadConfig({ cwd: process.cwd(), file: configFile })).config.tools : undefined;
const languageModelTools = toolContributions(readBundledDescriptors(), toolSettings);

const { name, displayName, publisher, contributes, ...rest } = pkg.vscodeExtension;
const manifest = {
  name,
  displayName,
  description: pkg.description,
  version: pkg.version,
  publisher,
  license: pkg.license,
  ...rest,
  contributes: { ...contributes, languageModelTools },
};
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
copyFileSync(join(root, 'README.md'), join(stage, 'README.md'));
writeFileSync(join(stage, '.vscodeignore'), '**/*.map\n');
mkdirSync(join(stage, 'bin'), { recursive: true });
const rg = join(stage, 'bin', process.platform === 'win32' ? 'rg.exe' : 'rg');
copyFileSync(rgPath, rg);
chmodSync(rg, 0o755);

const vsce = join(dirname(createRequire(import.meta.url).resolve('@vscode/vsce/package.json')), 'vsce');
const vsix = join(root, 'dist', `${name}.vsix`);
execFileSync(
  process.execPath,
  [
    vsce,
    'package',
    '--no-dependencies',
    '--skip-license',
    '--allow-missing-repository',
    '--target',
    `${process.platform}-${process.arch}`,
    '-o',
    vsix,
  ],
  { cwd: stage, stdio: 'inherit' },
);
console.log(`staged ${languageModelTools.length} language-model tools; packed ${vsix}`);
