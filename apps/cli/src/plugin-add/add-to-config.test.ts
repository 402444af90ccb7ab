// How quiver plugin add edits a config: create one that keeps the defaults, append to a list,
// keep the defaults of a config without a list, leave a config naming the plugin alone, and
// edit or refuse a module config before anything is installed.
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addToConfig, assertEditable } from './add-to-config.js';

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'quiver-add-config-')));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const read = async (f: string) => JSON.parse(await readFile(f, 'utf8')) as Record<string, unknown>;

it('creates quiver.config.json extending the default preset', async () => {
  const change = await addToConfig('quiver-tool-hello', undefined, dir);
  expect(change).toEqual({ file: join(dir, 'quiver.config.json'), created: true, changed: true });
  expect(await read(change.file)).toEqual({ extends: 'quiver:default', plugins: ['...', 'quiver-tool-hello'] });
});

it('appends to an existing list, keeping the other keys', async () => {
  const file = join(dir, 'quiver.config.json');
  await writeFile(file, JSON.stringify({ plugins: ['@quiver/tool-read-file'], approval: { readFiles: true } }));
  await addToConfig('quiver-tool-hello', file, dir);
  expect(await read(file)).toEqual({ plugins: ['@quiver/tool-read-file', 'quiver-tool-hello'], approval: { readFiles: true } });
});

it('a config without plugins keeps the default tools', async () => {
  const file = join(dir, 'quiver.config.json');
  await writeFile(file, JSON.stringify({ approval: { readFiles: true } }));
  await addToConfig('quiver-tool-hello', file, dir);
  expect(await read(file)).toEqual({ extends: 'quiver:default', approval: { readFiles: true }, plugins: ['...', 'quiver-tool-hello'] });
});

it('a plugin already named (also with options) changes nothing', async () => {
  const file = join(dir, 'quiver.config.json');
  const text = JSON.stringify({ plugins: [{ name: 'quiver-tool-hello', options: { a: 1 } }] });
  await writeFile(file, text);
  expect((await addToConfig('quiver-tool-hello', file, dir)).changed).toBe(false);
  expect(await readFile(file, 'utf8')).toBe(text);
});

it('a module config of a shape it cannot edit is refused before anything is installed', async () => {
  const file = join(dir, 'quiver.config.ts');
  await writeFile(file, 'const c = { plugins: ["..."] };\nexport default c;\n');
  await expect(assertEditable('quiver-tool-hello', file)).rejects.toThrow(/nothing was installed or changed/);
});

it('a JSON config whose plugins is not a list is refused before anything is installed', async () => {
  const file = join(dir, 'quiver.config.json');
  await writeFile(file, JSON.stringify({ plugins: 'quiver-tool-x' }));
  await expect(assertEditable('quiver-tool-hello', file)).rejects.toThrow(/"plugins" is not a list/);
});
