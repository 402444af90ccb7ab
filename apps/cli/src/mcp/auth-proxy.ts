// Test-only: a loopback HTTP proxy that adds `Authorization: Bearer <token>` to every request
// and forwards everything else verbatim (Host and Origin included, so the server's own checks
// still decide), for clients that cannot send a header, such as the MCP conformance suite.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running proxy: its port, and how to stop it. */
export interface AuthProxy {
  readonly port: number;
  /** Point it at the server (set once the server's port is known). */
  target(port: number): void;
  close(): Promise<void>;
}

/** Start the proxy on 127.0.0.1 (a free port). */
export async function startAuthProxy(token: string): Promise<AuthProxy> {
  let targetPort = 0;
  const server: Server = createServer((req, res) => {
    const upstream = request(
      {
        host: '127.0.0.1',
        port: targetPort,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, authorization: `Bearer ${token}` },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    target: (port) => void (targetPort = port),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
