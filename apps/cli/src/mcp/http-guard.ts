import { isIP } from 'node:net';

/** The answer to a request the guard refuses: the HTTP status and why. */
export interface GuardRefusal {
  status: 403 | 400;
  message: string;
}

/** What the guard checks requests against. */
export interface HttpGuardOptions {
  /** The port the server is bound to (a Host header must name it). */
  port: number;
  /** Extra `Host` values accepted (`name` or `name:port`, e.g. a tunnel's host name): `mcp.allowedHosts`. */
  allowedHosts?: readonly string[];
  /** Extra origins accepted (`scheme://host[:port]`, exact): `mcp.allowedOrigins`. */
  allowedOrigins?: readonly string[];
}

/** Host names that always mean this machine. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The DNS-rebinding checks of the MCP transport spec, on every request before anything else:
 * the `Host` header must name the bound loopback address and port (`127.0.0.1:<port>` or
 * `localhost:<port>`) or a configured host; an `Origin` header, when present (browsers always
 * send it), must be a loopback origin or a configured one. Returns the refusal, or undefined
 * when the request may go on.
 * @example
 * checkHttpRequest({ host: 'evil.example:7077', origin: undefined }, { port: 7077 }); // { status: 403, ... }
 */
export function checkHttpRequest(
  headers: { host?: string; origin?: string | string[] },
  options: HttpGuardOptions,
): GuardRefusal | undefined {
  const host = headers.host?.trim().toLowerCase();
  if (!host) return { status: 400, message: 'Bad request: no Host header.' };
  if (!isAllowedHost(host, options)) {
    return {
      status: 403,
      message: `Forbidden: Host '${host}' is not this server (127.0.0.1:${options.port} or localhost:${options.port}). To reach it through a tunnel or proxy under another name, add that name to mcp.allowedHosts.`,
    };
  }
  const origin = headers.origin;
  if (origin === undefined) return undefined; // not a browser: nothing to rebind
  if (typeof origin !== 'string' || !isAllowedOrigin(origin.trim(), options.allowedOrigins ?? [])) {
    return {
      status: 403,
      message: `Forbidden: Origin '${String(origin)}' is not allowed. Only loopback origins may call this server; add a trusted web origin to mcp.allowedOrigins.`,
    };
  }
  return undefined;
}

function isAllowedHost(host: string, options: HttpGuardOptions): boolean {
  const { name, port } = splitHost(host);
  if (name === undefined) return false;
  const allowed = (options.allowedHosts ?? []).map((h) => h.trim().toLowerCase());
  if (allowed.includes(host) || allowed.includes(name)) return true;
  // A loopback name on another port is another server, not us.
  return LOOPBACK_NAMES.has(name) && (port ?? 80) === options.port;
}

function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // 'null' (sandboxed frames, file: pages) and garbage
  }
  if (url.origin === 'null') return false;
  if (allowed.some((a) => sameOrigin(a, url))) return true;
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_NAMES.has(url.hostname);
}

function sameOrigin(configured: string, url: URL): boolean {
  try {
    return new URL(configured.trim()).origin === url.origin;
  } catch {
    return false;
  }
}

/** `name[:port]` split; an IPv6 literal keeps its brackets. A malformed value has no name. */
function splitHost(host: string): { name?: string; port?: number } {
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host);
  if (!m) return {};
  const name = m[1];
  if (name.startsWith('[') && isIP(name.slice(1, -1)) !== 6) return {};
  return { name, port: m[2] === undefined ? undefined : Number(m[2]) };
}
