// `quiver build` copies the runtime assets a plugin's manifest declares (`quiver.assets`):
// list_code_definition_names' tree-sitter WASM (the grammars and web-tree-sitter's runtime)
// goes into the distribution, so the tool runs from a moved copy with no node_modules.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLI_DIR } from '../open-runtime.js';
import { buildDistribution, DISTRIBUTION_BIN, type BuildResult } from './build-distribution.js';

const run = promisify(execFile);
let base: string;
let built: BuildResult;
let moved: string;

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-build-assets-')));
  await writeFile(join(base, 'dist.config.json'), JSON.stringify({ plugins: ['@quiver/tool-list-code-definition-names'], approval: { readFiles: true } }));
  built = await buildDistribution({ configFile: 'dist.config.json', outDir: 'out', cwd: base, cliDir: CLI_DIR });
  moved = join(base, 'elsewhere', 'dist');
  await cp(built.outDir, moved, { recursive: true });
  await rm(built.outDir, { recursive: true });
}, 180_000);

afterAll(async () => rm(base, { recursive: true, force: true }));

it('copies the declared assets and reports the whole distribution size', async () => {
  expect(built.assets).toEqual(['tree-sitter-grammars', 'tree-sitter.wasm']);
  expect((await readdir(moved)).sort()).toEqual(['distribution.json', DISTRIBUTION_BIN, 'tree-sitter-grammars', 'tree-sitter.wasm']);
  expect(existsSync(join(moved, 'tree-sitter-grammars/tree-sitter-typescript.wasm'))).toBe(true);
  expect(built.totalBytes).toBeGreaterThan(built.bytes + 1024 * 1024);
});

it('list_code_definition_names runs from the moved distribution', async () => {
  const project = join(base, 'project');
  await mkdir(project);
  await writeFile(join(project, 'shapes.ts'), 'export class Circle {\n  area(): number { return 1; }\n}\nexport function square(n: number) { return n * n; }\n');
  const { stdout } = await run(process.execPath, [join(moved, DISTRIBUTION_BIN), 'exec', 'list_code_definition_names', '{"path":"."}'], { cwd: project, timeout: 60_000 });
  expect(stdout).toContain('shapes.ts');
  expect(stdout).toContain('class Circle');
  expect(stdout).toContain('function square');
});
