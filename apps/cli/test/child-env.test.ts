// SPEC C1 through the built CLI: execute_command and command hooks do not get the
// credentials Quiver holds (provider keys, the MCP token, any apiKeyEnv) nor variables that
// match the strip patterns, unless `commands.passEnv` names them.
import { chmod, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execJson, requireBuild } from './run-quiver.js';

let base: string;
let ws: string;
let configFile: string;

const ENV = {
  ANTHROPIC_API_KEY: 'sk-ant-provider-secret',
  QUIVER_MCP_TOKEN: 'mcp-token-secret-0123456789',
  MY_SERVICE_SECRET: 'service-secret',
  GITHUB_TOKEN: 'ghp-secret',
  CUSTOM_CRED: 'named-by-api-key-env',
  PASSED_KEY: 'passed-on-purpose',
  PLAIN_VAR: 'plain-value',
};

beforeAll(async () => {
  requireBuild();
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-child-env-')));
  ws = join(base, 'ws');
  await mkdir(ws);
  const user = join(base, 'user');
  await mkdir(user);
  const hook = join(user, 'env-hook.sh');
  await writeFile(hook, '#!/bin/sh\nenv > "$QUIVER_PROJECT_DIR/hook-env.txt"\n');
  await chmod(hook, 0o755);
  configFile = join(user, 'quiver.config.json');
  await writeFile(
    configFile,
    JSON.stringify({
      model: { provider: 'anthropic', model: 'claude-test', apiKeyEnv: 'CUSTOM_CRED' },
      commands: { passEnv: ['PASSED_KEY'] },
      hooks: { PostToolUse: [{ hooks: [{ command: './env-hook.sh' }] }] },
    }),
  );
});
afterAll(() => rm(base, { recursive: true, force: true }));

function expectClean(text: string): void {
  expect(text).toContain('PLAIN_VAR=plain-value');
  expect(text).toContain('PASSED_KEY=passed-on-purpose');
  for (const secret of ['sk-ant-provider-secret', 'mcp-token-secret', 'service-secret', 'ghp-secret', 'named-by-api-key-env'])
    expect(text).not.toContain(secret);
}

describe('the environment of commands and hooks (C1)', () => {
  it('execute_command and a PostToolUse command hook see neither credentials nor *_TOKEN/_SECRET/_KEY, but passEnv passes', async () => {
    const r = await execJson(
      'execute_command',
      { command: 'env', requires_approval: false },
      { cwd: ws, env: ENV, flags: ['--config', configFile, '--yes'] },
    );
    expect(r.isError, r.text + r.stderr).toBe(false);
    expectClean(r.text);
    expectClean(await readFile(join(ws, 'hook-env.txt'), 'utf8'));
  });

  it('without a config, the default patterns still apply', async () => {
    const r = await execJson('execute_command', { command: 'env', requires_approval: false }, { cwd: ws, env: ENV, flags: ['--yes'] });
    expect(r.text).toContain('PLAIN_VAR=plain-value');
    for (const secret of ['sk-ant-provider-secret', 'mcp-token-secret', 'service-secret', 'ghp-secret', 'passed-on-purpose'])
      expect(r.text).not.toContain(secret);
  });
});
