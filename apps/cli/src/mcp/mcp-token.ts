import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { usageError } from '../usage-error.js';

/** The environment variable that sets the HTTP server's bearer token. */
export const MCP_TOKEN_ENV = 'QUIVER_MCP_TOKEN';

/** The shortest token accepted, wherever it comes from. */
export const MIN_MCP_TOKEN_LENGTH = 16;

/** The fewest distinct characters a token must have (refuses `aaaaaaaaaaaaaaaa`, `abababab…`). */
export const MIN_MCP_TOKEN_DISTINCT = 8;

/** The bearer token of `quiver mcp --http`, and where it came from. */
export interface McpToken {
  token: string;
  /** `flag` from `--token`, `env` from {@link MCP_TOKEN_ENV}, `config` from `mcp.token`, `generated` when made at start-up (and printed). */
  source: 'flag' | 'env' | 'config' | 'generated';
}

/**
 * Why a token is too weak, or undefined when it is strong enough: at least
 * {@link MIN_MCP_TOKEN_LENGTH} characters, {@link MIN_MCP_TOKEN_DISTINCT} of them distinct, and
 * no whitespace (it must fit one `Authorization: Bearer` header).
 */
export function mcpTokenProblem(token: string): string | undefined {
  if (/\s/.test(token)) return 'it contains whitespace';
  if (token.length < MIN_MCP_TOKEN_LENGTH) return `it has ${token.length} characters; use at least ${MIN_MCP_TOKEN_LENGTH}`;
  if (new Set(token).size < MIN_MCP_TOKEN_DISTINCT)
    return `it uses only ${new Set(token).size} distinct characters; use at least ${MIN_MCP_TOKEN_DISTINCT}`;
  return undefined;
}

/**
 * The token from `--token`, else {@link MCP_TOKEN_ENV}, else the config's `mcp.token`, else a
 * fresh random one (256 bits, base64url). A given token that is too weak
 * ({@link mcpTokenProblem}) is a usage error naming where it came from — the same rule for
 * every source, so a weak token cannot slip in through the environment.
 */
export function resolveMcpToken(env: NodeJS.ProcessEnv = process.env, configured?: string, flag?: string): McpToken {
  const given: [McpToken['source'], string | undefined][] = [
    ['flag', flag],
    ['env', env[MCP_TOKEN_ENV]],
    ['config', configured],
  ];
  for (const [source, raw] of given) {
    const token = raw?.trim();
    if (!token) continue;
    const problem = mcpTokenProblem(token);
    if (problem) {
      const where = source === 'flag' ? '--token' : source === 'env' ? MCP_TOKEN_ENV : 'the config (mcp.token)';
      throw usageError(
        `The MCP token from ${where} is too weak: ${problem}. Unset it to get a generated one, or use a random one (e.g. openssl rand -base64 32).`,
      );
    }
    return { token, source };
  }
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
