import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FORWARDER_SOURCE, PROXY_PORT_INSIDE } from './forwarder-source.js';

/** The allowlist proxy: an HTTP proxy on a Unix socket, bridged to 127.0.0.1 inside the sandbox. */
export interface NetworkProxy {
  /** The socket's folder, bound into the sandbox. */
  readonly socketDir: string;
  /** The proxy variables a command gets (`HTTP_PROXY`, `HTTPS_PROXY`, lower case too). */
  environment(): Record<string, string>;
  /** The argv that runs the bridge inside the sandbox, then the command under it. */
  wrap(argv: readonly string[]): string[];
  close(): Promise<void>;
}

/** True when `host` is allowed: an exact name, or `*.domain` for the domain's subdomains. */
export function isHostAllowed(host: string, allow: readonly string[]): boolean {
  const h = host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  return allow.some((a) => (a.startsWith('*.') ? h.endsWith(a.slice(1)) && h.length > a.length - 1 : h === a));
}

/**
 * Start the allowlist proxy. The sandbox has no network of its own (a fresh network
 * namespace, loopback only); a bridge inside listens on 127.0.0.1 and forwards each
 * connection through a Unix socket to this proxy, which tunnels CONNECT and forwards plain
 * HTTP only to allowed hosts and answers 403 to everything else.
 */
export async function startNetworkProxy(allow: readonly string[]): Promise<NetworkProxy> {
  // Loaded here, not at import: every command builds a sandbox service, few start a proxy, and
  // node:http with node:net was ~10 ms of each command's start-up.
  const [{ createServer, request: httpRequest }, { connect }] = await Promise.all([import('node:http'), import('node:net')]);
  const socketDir = mkdtempSync(join(tmpdir(), 'quiver-proxy-'));
  const socketPath = join(socketDir, 'proxy.sock');
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => forwardHttp(req, res, allow, httpRequest));
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => tunnel(req, client, head, allow, sockets, connect));
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  const url = `http://127.0.0.1:${PROXY_PORT_INSIDE}`;
  return {
    socketDir,
    environment: () => ({
      HTTP_PROXY: url,
      HTTPS_PROXY: url,
      http_proxy: url,
      https_proxy: url,
      ALL_PROXY: url,
      all_proxy: url,
      NO_PROXY: '',
      no_proxy: '',
    }),
    wrap: (argv) => [process.execPath, '-e', FORWARDER_SOURCE, socketPath, String(PROXY_PORT_INSIDE), ...argv],
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

function tunnel(
  req: IncomingMessage,
  client: Socket,
  head: Buffer,
  allow: readonly string[],
  sockets: Set<Socket>,
  connect: typeof import('node:net').connect,
): void {
  const [host, portText] = splitHostPort(req.url ?? '');
  const port = Number(portText || 443);
  if (!host || !isHostAllowed(host, allow) || !Number.isInteger(port)) {
    client.end(
      `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\n\r\nQuiver sandbox: ${host || 'this host'} is not in sandbox.network.allow.\n`,
    );
    return;
  }
  const upstream = connect(port, host, () => {
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  sockets.add(upstream);
  upstream.once('close', () => sockets.delete(upstream));
  upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
  client.on('error', () => upstream.destroy());
}

function forwardHttp(
  req: IncomingMessage,
  res: ServerResponse,
  allow: readonly string[],
  httpRequest: typeof import('node:http').request,
): void {
  let target: URL;
  try {
    target = new URL(req.url ?? '');
  } catch {
    res.writeHead(400).end('Quiver sandbox proxy: send absolute URLs (a proxy request).\n');
    return;
  }
  if (target.protocol !== 'http:' || !isHostAllowed(target.hostname, allow)) {
    res.writeHead(403, { 'Content-Type': 'text/plain' }).end(`Quiver sandbox: ${target.hostname} is not in sandbox.network.allow.\n`);
    return;
  }
  const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
  req.pipe(upstream);
}

function splitHostPort(authority: string): [string, string] {
  const m = /^\[([^\]]+)\]:(\d+)$/.exec(authority) ?? /^([^:]+):(\d+)$/.exec(authority);
  return m ? [m[1]!, m[2]!] : [authority, ''];
}
