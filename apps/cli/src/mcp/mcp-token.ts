import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The environment variable that sets the HTTP server's bearer token. */
export const MCP_TOKEN_ENV = 'QUIVER_MCP_TOKEN';

/** The bearer token of `quiver mcp --http`, and where it came from. */
export interface McpToken {
  token: string;
  /** `env` when {@link MCP_TOKEN_ENV} set it, `config` from the config's `mcp.token`, `generated` when made at start-up (and printed). */
  source: 'env' | 'config' | 'generated';
}

/** The token from {@link MCP_TOKEN_ENV}, else the config's `mcp.token`, else a fresh random one (256 bits, base64url). */
export function resolveMcpToken(env: NodeJS.ProcessEnv = process.env, configured?: string): McpToken {
  const fromEnv = env[MCP_TOKEN_ENV]?.trim();
  if (fromEnv) return { token: fromEnv, source: 'env' };
  if (configured?.trim()) return { token: configured.trim(), source: 'config' };
  return { token: randomBytes(32).toString('base64url'), source: 'generated' };
}

/**
 * True when an `Authorization` header carries the token (`Bearer <token>`). Both sides are
 * hashed before the constant-time compare, so neither the token's length nor a prefix of it
 * leaks through timing.
 */
export function isAuthorized(header: string | string[] | undefined, token: string): boolean {
  if (typeof header !== 'string') return false;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!match) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}
