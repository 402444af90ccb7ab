import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CORE_VERSION } from '@quiver/core';
import { manifestSchema } from '@quiver/core/host';
import { pluginNames } from './plugin-names.js';
import { QUIVER_TEST_PACKAGES, quiverSpecs } from './quiver-deps.js';
import { scaffoldPlugin } from './scaffold-plugin.js';
import { CLI_ERRORS } from '../cli-errors.js';

const MONOREPO = resolve(import.meta.dirname, '../../../..');

let dir: string;
beforeEach(async () => void (dir = await realpath(await mkdtemp(join(tmpdir(), 'quiver-scaffold-')))));
afterEach(async () => rm(dir, { recursive: true, force: true }));

describe('pluginNames', () => {
  it.each([
    ['word-count', 'quiver-tool-word-count', 'word_count', 'wordCount'],
    ['quiver-tool-word-count', 'quiver-tool-word-count', 'word_count', 'wordCount'],
    ['@acme/word-count', '@acme/quiver-tool-word-count', 'word_count', 'wordCount'],
    ['@acme/quiver-tool-lint', '@acme/quiver-tool-lint', 'lint', 'lint'],
    ['3d-model', 'quiver-tool-3d-model', '3d_model', 'tool3dModel'],
  ])('%s → %s, tool %s', (input, packageName, toolName, identifier) => {
    expect(pluginNames(input)).toMatchObject({ packageName, toolName, identifier });
  });

  it.each(['Word Count', '', 'quiver-tool-', '@/x', 'a'.repeat(70)])('refuses %j', (input) => {
    expect(() => pluginNames(input)).toThrow(expect.objectContaining({ code: CLI_ERRORS.SCAFFOLD_FAILED }));
  });
});

describe('quiverSpecs', () => {
  // The outside-the-monorepo install 404'd once when the runtime gained a dependency this list
  // lacked; this catches that here, from the packages' own manifests, in milliseconds.
  it('points every package in the dependency closure of @quiver/core and @quiver/testing at a local copy', async () => {
    const closure = new Set<string>();
    const queue = ['core', 'testing'];
    while (queue.length) {
      const short = queue.shift()!;
      if (closure.has(short)) continue;
      closure.add(short);
      const pj = JSON.parse(await readFile(join(MONOREPO, 'packages', short, 'package.json'), 'utf8')) as Record<
        string,
        Record<string, string> | undefined
      >;
      for (const name of Object.keys({ ...pj.dependencies, ...pj.peerDependencies, ...pj.optionalDependencies })) {
        if (name.startsWith('@quiver/')) queue.push(name.slice('@quiver/'.length));
      }
    }
    expect(closure.size).toBeGreaterThan(2);
    expect([...closure].filter((short) => !(QUIVER_TEST_PACKAGES as readonly string[]).includes(short))).toEqual([]);
  });

  it('registry: semver ranges of this core, no overrides', () => {
    expect(quiverSpecs({ kind: 'registry' })).toEqual({ core: `^${CORE_VERSION}`, testing: `^${CORE_VERSION}` });
  });

  it('link: file: folders of the monorepo, every @quiver package overridden', () => {
    const specs = quiverSpecs({ kind: 'link', root: MONOREPO });
    expect(specs.core).toBe(`file:${join(MONOREPO, 'packages/core')}`);
    expect(Object.keys(specs.overrides!)).toEqual(QUIVER_TEST_PACKAGES.map((p) => `@quiver/${p}`));
  });

  it('tarballs: the newest quiver-<name>-<version>.tgz of each', async () => {
    for (const p of QUIVER_TEST_PACKAGES) await writeFile(join(dir, `quiver-${p}-0.1.0.tgz`), '');
    await writeFile(join(dir, 'quiver-core-0.10.0.tgz'), '');
    await writeFile(join(dir, 'quiver-core-0.9.0.tgz'), '');
    const specs = quiverSpecs({ kind: 'tarballs', dir });
    expect(specs.core).toBe(`file:${join(dir, 'quiver-core-0.10.0.tgz')}`);
    expect(specs.overrides!['@quiver/runtime']).toBe(`file:${join(dir, 'quiver-runtime-0.1.0.tgz')}`);
  });

  it('a missing tarball or a folder that is no monorepo is a scaffold error saying what to run', async () => {
    await writeFile(join(dir, 'quiver-core-0.1.0.tgz'), '');
    expect(() => quiverSpecs({ kind: 'tarballs', dir })).toThrow(/no quiver-testing-<version>\.tgz there\. Run 'pnpm pack/);
    expect(() => quiverSpecs({ kind: 'link', root: dir })).toThrow(/Point --link at the root of a Quiver monorepo/);
  });
});

describe('scaffoldPlugin', () => {
  it('writes a standalone package whose manifest the registry accepts', async () => {
    const made = await scaffoldPlugin({ name: '@acme/file-size', cwd: dir });
    expect(made.dir).toBe(join(dir, 'quiver-tool-file-size'));
    expect(made.files.sort()).toEqual(
      [
        '.gitignore',
        'README.md',
        'package.json',
        'src/file-size-tool.test.ts',
        'src/file-size-tool.ts',
        'src/index.ts',
        'tsconfig.json',
        'tsup.config.ts',
        'vitest.config.ts',
      ].sort(),
    );
    const pkg = JSON.parse(await readFile(join(made.dir, 'package.json'), 'utf8'));
    expect(pkg).toMatchObject({
      name: '@acme/quiver-tool-file-size',
      keywords: ['quiver-plugin'],
      peerDependencies: { '@quiver/core': `^${CORE_VERSION}` },
      devDependencies: { '@quiver/core': `^${CORE_VERSION}`, '@quiver/testing': `^${CORE_VERSION}` },
      quiver: { apiVersion: 1, entry: './dist/index.js', core: `^${CORE_VERSION}`, tools: [{ name: 'file_size' }] },
    });
    expect(pkg).not.toHaveProperty('overrides');
    expect(manifestSchema.safeParse(pkg.quiver).success).toBe(true);
    const index = await readFile(join(made.dir, 'src/index.ts'), 'utf8');
    expect(index).toContain("definePlugin({ name: '@acme/quiver-tool-file-size', tools: [fileSizeTool], options: fileSizeOptions })");
    expect(await readFile(join(made.dir, 'src/file-size-tool.ts'), 'utf8')).toContain("name: 'file_size'");
    expect(await readFile(join(made.dir, 'src/file-size-tool.test.ts'), 'utf8')).toContain("from '@quiver/testing'");
  });

  it('--dir is relative to cwd; an empty folder is fine, a non-empty one is refused', async () => {
    await mkdir(join(dir, 'empty'));
    expect((await scaffoldPlugin({ name: 'x-tool', dir: 'empty', cwd: dir })).dir).toBe(join(dir, 'empty'));
    await expect(scaffoldPlugin({ name: 'x-tool', dir: 'empty', cwd: dir })).rejects.toMatchObject({
      code: CLI_ERRORS.SCAFFOLD_FAILED,
      file: join(dir, 'empty'),
    });
  });
});
