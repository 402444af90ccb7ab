import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, isQuiverError } from '../index.js';
import { CONFIG_FILE_NAMES, defineConfig, findConfigFile, loadConfig } from '../host.js';
import { validateConfig } from './load-config.js';

let root: string;
beforeEach(async () => void (root = await mkdtemp(join(tmpdir(), 'quiver-core-config-'))));
afterEach(async () => rm(root, { recursive: true, force: true }));

async function put(rel: string, text: string): Promise<string> {
  const file = join(root, rel);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

/** The same config, `{ approval: { editFiles: true }, ignoreFile: '.aiignore' }`, in each format. */
const SOURCES: Record<(typeof CONFIG_FILE_NAMES)[number], string> = {
  'quiver.config.ts': [
    'interface Approval { editFiles: boolean }',
    'const approval: Approval = { editFiles: true };',
    "export default { approval, ignoreFile: '.aiignore' as string };",
  ].join('\n'),
  'quiver.config.mjs': "export default { approval: { editFiles: true }, ignoreFile: '.aiignore' };\n",
  'quiver.config.js': "export default { approval: { editFiles: true }, ignoreFile: '.aiignore' };\n",
  'quiver.config.json': JSON.stringify({ approval: { editFiles: true }, ignoreFile: '.aiignore' }),
};

/** Catch the QuiverError a promise rejects with. */
async function rejection(p: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(isQuiverError(e), `expected a QuiverError, got ${String(e)}`).toBe(true);
  return e as Error & Record<string, unknown>;
}

describe('finding the config', () => {
  it.each(CONFIG_FILE_NAMES)('%s is found from a folder below it and loads', async (name) => {
    const file = await put(name, SOURCES[name]);
    const cwd = join(root, 'a', 'b', 'c');
    await mkdir(cwd, { recursive: true });
    expect(findConfigFile(cwd)).toBe(file);
    const loaded = await loadConfig({ cwd, trusted: true });
    expect(loaded).toMatchObject({ file, dir: root, config: { approval: { editFiles: true }, ignoreFile: '.aiignore' } });
  });

  it('in one folder the order is ts, mjs, js, json', async () => {
    for (const name of [...CONFIG_FILE_NAMES].reverse()) {
      const file = await put(name, SOURCES[name]);
      expect(findConfigFile(root)).toBe(file);
    }
  });

  it('the nearest folder wins', async () => {
    await put('quiver.config.json', '{}');
    const near = await put('pkg/quiver.config.mjs', 'export default {};\n');
    await mkdir(join(root, 'pkg', 'src'), { recursive: true });
    expect(findConfigFile(join(root, 'pkg', 'src'))).toBe(near);
  });

  it('an explicit file (--config) is resolved from cwd and needs no standard name', async () => {
    const file = await put('configs/dev.json', JSON.stringify({ approval: { yolo: true } }));
    await put('quiver.config.json', JSON.stringify({ approval: { yolo: false } }));
    const loaded = await loadConfig({ cwd: root, file: 'configs/dev.json' });
    expect(loaded).toMatchObject({ file, dir: join(root, 'configs'), config: { approval: { yolo: true } } });
  });

  it('no config anywhere: the defaults, relative to cwd', async (ctx) => {
    if (findConfigFile(dirname(root))) ctx.skip(); // a stray config above the temp folder
    expect(await loadConfig({ cwd: root, trusted: true })).toEqual({ config: {}, dir: root });
  });
});

interface BadCase {
  what: string;
  name: string;
  text?: string;
  code: string;
  key?: string;
  /** Phrases the message must contain (beside the file). */
  says: string[];
}

const BAD: BadCase[] = [
  {
    what: 'an unknown top-level key',
    name: 'quiver.config.json',
    text: '{ "plugin": [] }',
    code: ERROR_CODES.CONFIG_INVALID,
    key: 'plugin',
    says: ['plugin: unknown key'],
  },
  {
    what: 'an unknown nested key',
    name: 'quiver.config.json',
    text: '{ "approval": { "readFile": true } }',
    code: ERROR_CODES.CONFIG_INVALID,
    key: 'approval.readFile',
    says: ['approval.readFile: unknown key'],
  },
  {
    what: 'a bad value',
    name: 'quiver.config.json',
    text: '{ "approval": { "yolo": "yes" } }',
    code: ERROR_CODES.CONFIG_INVALID,
    key: 'approval.yolo',
    says: ['approval.yolo', 'expected boolean'],
  },
  {
    what: 'a bad enum value',
    name: 'quiver.config.mjs',
    text: "export default { hooks: { PreToolUse: [{ hooks: [{ type: 'http', command: 'x' }] }] } };",
    code: ERROR_CODES.CONFIG_INVALID,
    key: 'hooks.PreToolUse.0.hooks.0.type',
    says: ['hooks.PreToolUse.0.hooks.0.type', '"command"'],
  },
  {
    what: "a section no package declares (core's keys only)",
    name: 'quiver.config.json',
    text: '{ "sandbox": { "mode": "off" } }',
    code: ERROR_CODES.CONFIG_INVALID,
    key: 'sandbox',
    says: ['sandbox: unknown key'],
  },
  {
    what: 'a bad value in a .ts config',
    name: 'quiver.config.ts',
    text: 'export default { tools: { read_file: { enabled: 1 as unknown } } };',
    code: ERROR_CODES.CONFIG_INVALID,
    key: 'tools.read_file.enabled',
    says: ['tools.read_file.enabled', 'expected boolean'],
  },
  {
    what: 'unparsable JSON',
    name: 'quiver.config.json',
    text: '{ "approval": ',
    code: ERROR_CODES.CONFIG_LOAD,
    says: ['Could not read config'],
  },
  {
    what: 'a module that throws',
    name: 'quiver.config.js',
    text: "throw new Error('no config for you');",
    code: ERROR_CODES.CONFIG_LOAD,
    says: ['no config for you'],
  },
  {
    what: 'TypeScript that does not parse',
    name: 'quiver.config.ts',
    text: 'export default {{ ;',
    code: ERROR_CODES.CONFIG_LOAD,
    says: ['Could not read config'],
  },
];

describe('a bad config is one QuiverError naming the file, the key and what was expected', () => {
  it.each(BAD)('$what → $code', async ({ name, text, code, key, says }) => {
    const file = await put(name, text ?? '');
    const e = await rejection(loadConfig({ cwd: root, trusted: true }));
    expect(e.code).toBe(code);
    expect(e.file).toBe(file);
    expect(e.message).toContain(file);
    if (key) expect(e.key).toBe(key);
    for (const phrase of says) expect(e.message).toContain(phrase);
  });

  it('a missing --config file → CONFIG_NOT_FOUND', async () => {
    const e = await rejection(loadConfig({ cwd: root, file: 'nope.json' }));
    expect(e).toMatchObject({ code: ERROR_CODES.CONFIG_NOT_FOUND, file: join(root, 'nope.json') });
    expect(e.message).toContain('--config');
  });

  it('several problems are listed in the one error', async () => {
    await put('quiver.config.json', '{ "approvals": {}, "ignoreFile": "", "tools": { "x": { "on": true } } }');
    const e = await rejection(loadConfig({ cwd: root, trusted: true }));
    expect(e.message.split('\n').filter((l) => l.startsWith('  - '))).toHaveLength(3);
  });
});

describe('validateConfig and defineConfig', () => {
  it('validate an inline config, naming <inline config> in errors', () => {
    expect(validateConfig({ approval: { readFiles: false } })).toMatchObject({ approval: { readFiles: false } });
    expect(() => validateConfig({ approval: { readFiles: 'no' } })).toThrow(/<inline config>/);
  });

  it('defineConfig returns its argument (a typing helper)', () => {
    const config = { approval: { editFiles: true } };
    expect(defineConfig(config)).toBe(config);
  });
});
