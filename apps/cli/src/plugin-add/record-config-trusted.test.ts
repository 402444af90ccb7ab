// quiver plugin add records the config it writes as trusted as written (workspace trust), but
// never blesses a folder that was untrusted before with a config of its own.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkTrust } from '@quiver/core/host';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { addToConfig } from './add-to-config.js';
import { recordConfigTrusted, trustBeforeWrite } from './record-config-trusted.js';

let dir: string;
let store: string;

beforeEach(async () => {
  store = await realpath(await mkdtemp(join(tmpdir(), 'quiver-trust-store-')));
  dir = await realpath(await mkdtemp(join(tmpdir(), 'quiver-plugin-add-trust-')));
  vi.stubEnv('QUIVER_TRUST_STORE', join(store, 'trusted-folders.json'));
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
  await rm(store, { recursive: true, force: true });
});

it('a folder without a config is trusted with the config plugin add created', async () => {
  const before = trustBeforeWrite(dir);
  const change = await addToConfig('quiver-tool-hello', undefined, dir);
  expect(recordConfigTrusted(dir, before)).toBe(true);
  expect(change.created).toBe(true);
  expect(checkTrust(dir).trusted).toBe(true);
});

it('a folder with an untrusted config stays untrusted after plugin add edits it', async () => {
  const file = join(dir, 'quiver.config.json');
  await writeFile(file, '{ "plugins": ["..."] }\n');
  const before = trustBeforeWrite(dir);
  await addToConfig('quiver-tool-hello', file, dir);
  expect(recordConfigTrusted(dir, before)).toBe(false);
  expect(checkTrust(dir).trusted).toBe(false);
});
