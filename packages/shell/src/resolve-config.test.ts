import { describe, expect, test } from 'vitest';
import { createCommandPermissions } from './command-permissions.js';
import { COMMAND_PERMISSIONS_ENV, resolveCommandPermissionsConfig } from './resolve-config.js';

const env = (value?: string): NodeJS.ProcessEnv => (value === undefined ? {} : { [COMMAND_PERMISSIONS_ENV]: value });

/** SPEC §14.1 "No or invalid config", with the variable renamed to QUIVER_COMMAND_PERMISSIONS. */
const noConfigCases: Array<{ env?: string; command: string; reason: string }> = [
  { command: 'npm install', reason: 'no_config' },
  { env: 'not valid json', command: 'rm -rf /', reason: 'no_config' },
  { env: '', command: 'curl http://example.com', reason: 'no_config' },
  { env: '{"allow":"not an array","deny":123}', command: 'npm run build', reason: 'allowed' },
  { command: 'echo hello; rm -rf /', reason: 'no_config' },
  { env: 'null', command: 'rm -rf /', reason: 'no_config' },
  { env: '[]', command: 'rm -rf /', reason: 'no_config' },
  { env: '42', command: 'rm -rf /', reason: 'no_config' },
];

describe('resolveCommandPermissionsConfig', () => {
  test.each(noConfigCases)('$env: $command → $reason', async ({ env: value, command, reason }) => {
    const decision = await createCommandPermissions(resolveCommandPermissionsConfig(undefined, env(value))).check(command);
    expect(decision).toMatchObject({ allowed: true, reason });
  });

  test('no config allows without parsing (even a command R1 would refuse)', async () => {
    const decision = await createCommandPermissions(undefined).check('cat <<EOF\nx\nEOF\n');
    expect(decision).toMatchObject({ allowed: true, reason: 'no_config', segments: [] });
  });

  test('an empty config still applies R1–R9', async () => {
    expect((await createCommandPermissions({}).check('$X')).rule).toBe('R5');
    expect((await createCommandPermissions({}).check('ls > f')).rule).toBe('R6');
    expect((await createCommandPermissions({}).check('ls')).allowed).toBe(true);
  });

  test('drops non-array lists, non-string patterns and a non-boolean allowRedirects', () => {
    expect(resolveCommandPermissionsConfig({ allow: 'npm *', deny: 5, allowRedirects: 'yes' }, {})).toEqual({});
    expect(resolveCommandPermissionsConfig({ allow: ['npm *', 3, null], deny: [], allowRedirects: false }, {})).toEqual({
      allow: ['npm *'],
      deny: [],
      allowRedirects: false,
    });
  });

  test('accepts the config value as an object or as JSON text', () => {
    expect(resolveCommandPermissionsConfig('{"deny":["rm *"]}', {})).toEqual({ deny: ['rm *'] });
    expect(resolveCommandPermissionsConfig({ deny: ['rm *'] }, {})).toEqual({ deny: ['rm *'] });
    expect(resolveCommandPermissionsConfig(undefined, {})).toBeUndefined();
    expect(resolveCommandPermissionsConfig('{oops', {})).toBeUndefined();
  });

  test('the environment variable overrides the config', async () => {
    const config = resolveCommandPermissionsConfig({ allow: ['ls'] }, env('{"deny":["rm *"]}'));
    expect(config).toEqual({ deny: ['rm *'] });
    const permissions = createCommandPermissions(config);
    expect((await permissions.check('npm test')).allowed).toBe(true);
    expect((await permissions.check('rm x')).allowed).toBe(false);
  });

  test('an empty or invalid environment variable falls back to the config', () => {
    expect(resolveCommandPermissionsConfig({ allow: ['ls'] }, env(''))).toEqual({ allow: ['ls'] });
    expect(resolveCommandPermissionsConfig({ allow: ['ls'] }, env('not json'))).toEqual({ allow: ['ls'] });
  });

  test('reads process.env by default', () => {
    const saved = process.env[COMMAND_PERMISSIONS_ENV];
    process.env[COMMAND_PERMISSIONS_ENV] = '{"allow":["git *"]}';
    try {
      expect(resolveCommandPermissionsConfig()).toEqual({ allow: ['git *'] });
    } finally {
      if (saved === undefined) delete process.env[COMMAND_PERMISSIONS_ENV];
      else process.env[COMMAND_PERMISSIONS_ENV] = saved;
    }
  });
});
