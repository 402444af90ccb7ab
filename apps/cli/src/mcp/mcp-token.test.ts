import { describe, expect, it } from 'vitest';
import { isAuthorized, MCP_TOKEN_ENV, mcpTokenProblem, resolveMcpToken } from './mcp-token.js';

describe('resolveMcpToken', () => {
  it('takes the token from the environment', () => {
    expect(resolveMcpToken({ [MCP_TOKEN_ENV]: ' s3cret-token-0123 ' })).toEqual({ token: 's3cret-token-0123', source: 'env' });
  });

  it('takes the config token when the environment has none; the environment wins', () => {
    expect(resolveMcpToken({}, 'config-token-0123456789')).toEqual({ token: 'config-token-0123456789', source: 'config' });
    expect(resolveMcpToken({ [MCP_TOKEN_ENV]: 'env-token-0123456789' }, 'config-token-0123456789')).toEqual({
      token: 'env-token-0123456789',
      source: 'env',
    });
  });

  it('the --token flag wins over both', () => {
    expect(resolveMcpToken({ [MCP_TOKEN_ENV]: 'env-token-0123456789' }, 'config-token-0123456789', 'flag-token-0123456789')).toEqual({
      token: 'flag-token-0123456789',
      source: 'flag',
    });
  });

  it('refuses a weak token from every source alike, naming the source', () => {
    expect(() => resolveMcpToken({ [MCP_TOKEN_ENV]: 'a' })).toThrow(/QUIVER_MCP_TOKEN is too weak: it has 1 characters; use at least 16/);
    expect(() => resolveMcpToken({}, 'aaaaaaaaaaaaaaaaaaaa')).toThrow(/mcp\.token\) is too weak: it uses only 1 distinct/);
    expect(() => resolveMcpToken({}, undefined, 'short')).toThrow(/--token is too weak/);
    expect(() => resolveMcpToken({ [MCP_TOKEN_ENV]: 'a' }, 'config-token-0123456789')).toThrow(/QUIVER_MCP_TOKEN/);
  });

  it('mcpTokenProblem', () => {
    expect(mcpTokenProblem('abcdefgh12345678')).toBeUndefined();
    expect(mcpTokenProblem('abcdefgh 2345678')).toMatch(/whitespace/);
    expect(mcpTokenProblem('abababababababababab')).toMatch(/2 distinct/);
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
