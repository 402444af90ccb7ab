import type { PluginNames } from './plugin-names.js';
import type { QuiverSpecs } from './quiver-deps.js';

/** The versions a new plugin's toolchain is pinned to (the ones this monorepo builds with). */
export const TOOLCHAIN = Object.freeze({
  tsup: '8.5.0',
  typescript: '5.9.3',
  vitest: '4.1.12',
  '@types/node': '^20.19.0',
  publint: '^0.3.25',
});

/** The manifest and semver range of the core the plugin is written against. */
export interface TemplateContext {
  names: PluginNames;
  specs: QuiverSpecs;
  /** The `@quiver/core` range the plugin supports, e.g. `^0.1.0`. */
  coreRange: string;
  apiVersion: number;
}

/** Every file of a new plugin: relative path → content. */
export function pluginFiles(ctx: TemplateContext): Record<string, string> {
  const { fileStem } = ctx.names;
  return {
    'package.json': `${JSON.stringify(packageJson(ctx), null, 2)}\n`,
    'tsconfig.json': TSCONFIG,
    'tsup.config.ts': TSUP_CONFIG,
    'vitest.config.ts': VITEST_CONFIG,
    '.gitignore': 'node_modules/\ndist/\n*.tgz\n',
    'README.md': fill(README, ctx),
    'src/index.ts': fill(INDEX, ctx),
    [`src/${fileStem}-tool.ts`]: fill(TOOL, ctx),
    [`src/${fileStem}-tool.test.ts`]: fill(TOOL_TEST, ctx),
  };
}

function packageJson(ctx: TemplateContext): Record<string, unknown> {
  const { names, specs } = ctx;
  return {
    name: names.packageName,
    version: '0.1.0',
    description: `${names.toolName} tool for Quiver`,
    license: 'MIT',
    type: 'module',
    keywords: ['quiver-plugin'],
    main: './dist/index.js',
    types: './dist/index.d.ts',
    exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './package.json': './package.json' },
    files: ['dist', 'README.md'],
    scripts: {
      build: 'tsup && quiver-describe-tools',
      typecheck: 'tsc --noEmit -p tsconfig.json',
      test: 'vitest run',
      lint: 'publint',
      prepublishOnly: 'npm run build && npm test',
    },
    quiver: {
      apiVersion: ctx.apiVersion,
      tools: [{ name: names.toolName, description: 'Report the size in bytes of a workspace file' }],
      entry: './dist/index.js',
      descriptors: './dist/quiver-tools.json',
      core: ctx.coreRange,
    },
    peerDependencies: { '@quiver/core': ctx.coreRange },
    dependencies: { zod: '^4.1.0' },
    devDependencies: { '@quiver/core': specs.core, '@quiver/testing': specs.testing, ...TOOLCHAIN },
    ...(specs.overrides ? { overrides: specs.overrides } : {}),
    engines: { node: '>=20.18' },
  };
}

/** Replace `{{key}}` with the plugin's names and versions. */
function fill(template: string, ctx: TemplateContext): string {
  const values: Record<string, string> = { ...ctx.names, coreRange: ctx.coreRange };
  return template.replace(/\{\{(\w+)\}\}/g, (m, key: string) => values[key] ?? m);
}

const TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2023'],
      types: ['node'],
      strict: true,
      skipLibCheck: true,
      declaration: true,
      sourceMap: true,
      isolatedModules: true,
      outDir: 'dist',
    },
    include: ['src'],
    exclude: ['src/**/*.test.ts'],
  },
  null,
  2,
)}\n`;

const TSUP_CONFIG = `import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
});
`;

const VITEST_CONFIG = `import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
`;

const INDEX = `import { definePlugin } from '@quiver/core';
import { {{identifier}}Options, {{identifier}}Tool } from './{{fileStem}}-tool.js';

/**
 * The {{packageName}} plugin: registers the \`{{toolName}}\` tool. Its name must match the
 * package name, and its tools the \`quiver.tools\` list in package.json. The package exports the
 * plugin (and only helpers your README documents); tests import the rest by relative path.
 */
export default definePlugin({ name: '{{packageName}}', tools: [{{identifier}}Tool], options: {{identifier}}Options });
`;

const TOOL = `import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { defineTool, ERROR_CODES, errorResult, type TaskConfig, type ToolResponse } from '@quiver/core';

/**
 * The plugin's options (\`plugins: [{ name: '{{packageName}}', options }]\` in the config),
 * parsed once when the plugin loads: a bad value or an unknown key is a config error naming
 * the config file, the plugin and the key.
 */
export const {{identifier}}Options = z
  .object({
    /** How sizes are written. @default 'bytes' */
    units: z.enum(['bytes', 'kB']).default('bytes'),
  })
  .strict();

/** The parameters, declared once: the model sees the JSON Schema made from them. */
const {{identifier}}Params = z.object({
  path: z.string().describe('The file to look at (relative to the current working directory).'),
});

/** {{toolName}}: replace the description and execute() with what your tool does. */
export const {{identifier}}Tool = defineTool({
  name: '{{toolName}}',
  description: 'Report the size in bytes of a file in the workspace.',
  params: {{identifier}}Params,
  // The schema definePlugin() parses; here it types config.options.
  options: {{identifier}}Options,
  annotations: { title: '{{toolName}}', readOnly: true, idempotent: true },
  // The approval category, and the params that hold paths: the pipeline validates, applies
  // the ignore rules, resolves the path inside the workspace and asks for approval before
  // execute() runs, so execute() only does the work.
  approval: 'read',
  paths: { path: 'read' },
  execute: (config, params) => run(config, params),
});

async function run(config: TaskConfig<z.output<typeof {{identifier}}Options>>, params: z.infer<typeof {{identifier}}Params>): Promise<ToolResponse> {
  const file = config.paths.path.resolved;
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) {
    // An error result tells the model what happened and what to do instead.
    return errorResult("'" + params.path + "' is not a file. Call {{toolName}} with the path of a file.", ERROR_CODES.TOOL_FAILED);
  }
  const size = config.options.units === 'kB' ? (info.size / 1000).toFixed(1) + ' kB' : info.size + ' bytes';
  return params.path + ': ' + size;
}
`;

const TOOL_TEST = `// {{toolName}} through the real pipeline (validation, path gates, approval, hooks), in a
// temp workspace with a scripted host: see @quiver/testing's README.
import { afterEach, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import plugin from './index.js';

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

it('reports the size of a file', async () => {
  h = await createTestHarness({ plugins: [plugin], files: { 'a.txt': 'hello' } });
  const result = await h.call('{{toolName}}', { path: 'a.txt' });
  expect(result.isError).toBe(false);
  expect(h.text(result)).toBe('a.txt: 5 bytes');
});

it('a folder is an error that tells the model what to do', async () => {
  h = await createTestHarness({ plugins: [plugin], files: { 'dir/a.txt': 'x' } });
  const result = await h.call('{{toolName}}', { path: 'dir' });
  expect(result.isError).toBe(true);
  expect(h.text(result)).toContain('with the path of a file');
});

it('asks for approval when reading is not auto-approved', async () => {
  h = await createTestHarness({ plugins: [plugin], files: { 'a.txt': 'x' }, config: { approval: { readFiles: false } }, approve: false });
  expect((await h.call('{{toolName}}', { path: 'a.txt' })).isError).toBe(true);
  expect(h.approvals).toHaveLength(1);
});

it('the units option, parsed when the plugin loads', async () => {
  h = await createTestHarness({ plugins: [{ plugin, options: { units: 'kB' } }], files: { 'a.txt': 'x'.repeat(1500) } });
  expect(h.text(await h.call('{{toolName}}', { path: 'a.txt' }))).toBe('a.txt: 1.5 kB');
});

it('a bad option is a config error naming the plugin, before any call', async () => {
  await expect(createTestHarness({ plugins: [{ plugin, options: { units: 'MB' } }] })).rejects.toMatchObject({
    code: 'QUIVER_ERR_CONFIG_INVALID',
    plugin: '{{packageName}}',
  });
});

it('files in .quiverignore never reach the tool', async () => {
  h = await createTestHarness({ plugins: [plugin], files: { '.quiverignore': 'secret.txt\\n', 'secret.txt': 'x' } });
  const result = await h.call('{{toolName}}', { path: 'secret.txt' });
  expect(result.isError).toBe(true);
  expect(h.text(result)).toContain('.quiverignore');
});
`;

const README = `# {{packageName}}

A Quiver plugin with one tool, \`{{toolName}}\`: the size in bytes of a
workspace file. (Made by \`quiver plugin new\`; replace the tool with yours.)

## Use

\`\`\`sh
npm i -D {{packageName}}
\`\`\`

\`\`\`json
{ "extends": "quiver:default", "plugins": ["...", "{{packageName}}"] }
\`\`\`

## Parameters

| name | type | |
| --- | --- | --- |
| \`path\` | string, required | The file, relative to the workspace root. |

Approval category \`read\`; read-only, idempotent.

## Options

| name | type | default | |
| --- | --- | --- | --- |
| \`units\` | \`'bytes'\` or \`'kB'\` | \`'bytes'\` | How sizes are written. |

\`\`\`json
{ "plugins": [{ "name": "{{packageName}}", "options": { "units": "kB" } }] }
\`\`\`

A bad value or an unknown key is a config error naming the config file, the plugin and the key.

## Exports

The default export is the plugin; nothing else.

## Develop

\`\`\`sh
npm install
npm run build   # tsup: dist/index.js + dist/index.d.ts; quiver-describe-tools: dist/quiver-tools.json
npm test        # vitest through @quiver/testing
npm run lint    # publint
\`\`\`

Supports \`@quiver/core\` {{coreRange}} (the manifest's \`core\` range, checked when Quiver loads
the plugin).
`;
