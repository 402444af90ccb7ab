// `quiver build` copies the runtime assets a plugin's manifest declares (`quiver.assets`):
// list_code_definition_names' tree-sitter WASM (the grammars and web-tree-sitter's runtime)
// goes into the distribution, so the tool runs from a moved copy with no node_modules; the
// command reports the whole distribution's size. Through the built CLI (`quiver build`).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, lstat, mkdir, mkdtemp, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DISTRIBUTION_BIN } from './build-distribution.js';

const run = promisify(execFile);
const CLI_BIN = join(import.meta.dirname, '../../dist/bin.js');
let base: string;
let printed: string;
let moved: string;
let movedBytes = 0;

async function folderBytes(dir: string): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) bytes += (await lstat(join(entry.parentPath, entry.name))).size;
  return bytes;
}

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-build-assets-')));
  await writeFile(
    join(base, 'dist.config.json'),
    JSON.stringify({ plugins: ['@quiver/tool-list-code-definition-names'], approval: { readFiles: true } }),
  );
  ({ stdout: printed } = await run(process.execPath, [CLI_BIN, 'build', '--config', 'dist.config.json', '--out', 'out'], {
    cwd: base,
    timeout: 150_000,
  }));
  moved = join(base, 'elsewhere', 'dist');
  await cp(join(base, 'out'), moved, { recursive: true });
  await rm(join(base, 'out'), { recursive: true });
  movedBytes = await folderBytes(moved);
}, 180_000);

afterAll(async () => rm(base, { recursive: true, force: true }));

it('copies the declared assets and reports the whole distribution size', async () => {
  expect(printed).toContain('Copied beside it: tree-sitter-grammars, tree-sitter.wasm');
  expect((await readdir(moved)).sort()).toEqual(['distribution.json', DISTRIBUTION_BIN, 'tree-sitter-grammars', 'tree-sitter.wasm']);
  expect(existsSync(join(moved, 'tree-sitter-grammars/tree-sitter-typescript.wasm'))).toBe(true);
  // The size it prints is the folder's, grammars included (well over the bundle's own).
  expect(printed).toContain(`Distribution: out, ${(movedBytes / 1024 / 1024).toFixed(1)} MB in all`);
  const bundleMb = Number(/\((\d+\.\d) MB\)/.exec(printed)?.[1]);
  expect(movedBytes / 1024 / 1024).toBeGreaterThan(bundleMb + 1);
});

it('list_code_definition_names runs from the moved distribution', async () => {
  const project = join(base, 'project');
  await mkdir(project);
  await writeFile(
    join(project, 'shapes.ts'),
    'export class Circle {\n  area(): number { return 1; }\n}\nexport function square(n: number) { return n * n; }\n',
  );
  const { stdout } = await run(process.execPath, [join(moved, DISTRIBUTION_BIN), 'exec', 'list_code_definition_names', '{"path":"."}'], {
    cwd: project,
    timeout: 60_000,
  });
  expect(stdout).toContain('shapes.ts');
  expect(stdout).toContain('class Circle');
  expect(stdout).toContain('function square');
});
