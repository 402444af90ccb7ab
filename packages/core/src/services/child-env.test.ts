import { describe, expect, it } from 'vitest';
import { apiKeyEnvNames, buildChildEnv, createChildEnvService, DEFAULT_STRIP_ENV } from './child-env.js';

const env = {
  PATH: '/bin',
  HOME: '/home/u',
  GITHUB_TOKEN: 't',
  AWS_SECRET: 's',
  OPENAI_API_KEY: 'k',
  my_api_key: 'lower',
  MODEL_CRED: 'c',
  KEYBOARD: 'us',
};

describe('buildChildEnv', () => {
  it('leaves out the default patterns, case-insensitively, and keeps the rest', () => {
    expect(DEFAULT_STRIP_ENV).toEqual(['*_TOKEN', '*_SECRET', '*_KEY']);
    expect(buildChildEnv({ env })).toEqual({ PATH: '/bin', HOME: '/home/u', MODEL_CRED: 'c', KEYBOARD: 'us' });
  });

  it('always leaves out credentials, even with no patterns, unless passEnv names them', () => {
    expect(buildChildEnv({ env, stripEnv: [], credentials: ['MODEL_CRED'] })).not.toHaveProperty('MODEL_CRED');
    expect(buildChildEnv({ env, credentials: ['MODEL_CRED'], passEnv: ['MODEL_CRED', 'GITHUB_*'] })).toMatchObject({
      MODEL_CRED: 'c',
      GITHUB_TOKEN: 't',
    });
  });

  it('explains why a variable is left out', () => {
    const service = createChildEnvService({ env, credentials: ['MODEL_CRED'] });
    expect(service.explain('MODEL_CRED')).toBe('credential');
    expect(service.explain('AWS_SECRET')).toBe('*_SECRET');
    expect(service.explain('PATH')).toBeUndefined();
    expect(service.build({ QUIVER_PROJECT_DIR: '/w' })).toMatchObject({ QUIVER_PROJECT_DIR: '/w' });
  });

  it('finds every apiKeyEnv in a config', () => {
    const config = { model: { apiKeyEnv: 'A' }, plugins: [{ name: 'x', options: { apiKeyEnv: 'B', nested: { apiKeyEnv: 'C' } } }] };
    expect(apiKeyEnvNames(config).sort()).toEqual(['A', 'B', 'C']);
  });
});
