import { describe, expect, it } from 'vitest';
import { isAuthorized, MCP_TOKEN_ENV, resolveMcpToken } from './mcp-token.js';

describe('resolveMcpToken', () => {
  it('takes the token from the environment', () => {
    expect(resolveMcpToken({ [MCP_TOKEN_ENV]: ' s3cret-token ' })).toEqual({ token: 's3cret-token', source: 'env' });
  });

  it('takes the config token when the environment has none; the environment wins', () => {
    expect(resolveMcpToken({}, 'config-token-0123456789')).toEqual({ token: 'config-token-0123456789', source: 'config' });
    expect(resolveMcpToken({ [MCP_TOKEN_ENV]: 'env-token' }, 'config-token-0123456789')).toEqual({ token: 'env-token', source: 'env' });
  });

  it('generates a fresh 256-bit token otherwise', () => {
    const a = resolveMcpToken({});
    const b = resolveMcpToken({ [MCP_TOKEN_ENV]: '  ' });
    expect(a.source).toBe('generated');
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.token).not.toBe(a.token);
  });
});

describe('isAuthorized', () => {
  it('accepts exactly "Bearer <token>"', () => {
    expect(isAuthorized('Bearer abc123', 'abc123')).toBe(true);
    expect(isAuthorized('bearer abc123', 'abc123')).toBe(true);
  });

  it('refuses a missing, malformed or wrong token', () => {
    expect(isAuthorized(undefined, 'abc123')).toBe(false);
    expect(isAuthorized('abc123', 'abc123')).toBe(false);
    expect(isAuthorized('Basic abc123', 'abc123')).toBe(false);
    expect(isAuthorized('Bearer abc12', 'abc123')).toBe(false);
    expect(isAuthorized('Bearer abc123 extra', 'abc123')).toBe(false);
    expect(isAuthorized(['Bearer abc123'], 'abc123')).toBe(false);
  });
});
