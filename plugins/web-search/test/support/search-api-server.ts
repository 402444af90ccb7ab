// Search APIs on 127.0.0.1 (node:http) speaking the real wire formats: Brave Search
// (`GET /res/v1/web/search`, `X-Subscription-Token`) and Tavily (`POST /search`, Bearer).
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The key the servers accept. */
export const TEST_KEY = 'test-key-123';

/** What the servers have indexed. */
export const INDEX = [
  {
    title: 'Vitest <strong>Projects</strong> guide',
    url: 'https://vitest.dev/guide/projects',
    description: 'Run <strong>several</strong> configs &amp; workspaces',
  },
  { title: 'Projects - Stack Overflow', url: 'https://stackoverflow.com/questions/1/vitest-projects', description: 'Q&amp;A' },
  { title: 'Vitest on GitHub', url: 'https://github.com/vitest-dev/vitest', description: 'Source' },
  { title: 'Blog post', url: 'https://www.blog.example.org/vitest', description: 'Opinion' },
];

/** A running API server. */
export interface SearchApiServer {
  readonly url: string;
  /** Every request: method, path, query, headers, body. */
  readonly requests: { method: string; path: string; query: URLSearchParams; headers: IncomingMessage['headers']; body: string }[];
  /** Make the next answers slow (ms) or failing (status). */
  behave(options: { delayMs?: number; status?: number; raw?: string }): void;
  close(): Promise<void>;
}

const hostOf = (url: string) => new URL(url).hostname;
const inDomains = (url: string, domains: string[]) => domains.some((d) => hostOf(url) === d || hostOf(url).endsWith(`.${d}`));

/** Start the server on 127.0.0.1. */
export async function startSearchApi(): Promise<SearchApiServer> {
  const requests: SearchApiServer['requests'] = [];
  let behaviour: { delayMs?: number; status?: number; raw?: string } = {};
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body });
    if (behaviour.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));
    if (res.destroyed) return;
    if (behaviour.status) return void res.writeHead(behaviour.status, { 'content-type': 'application/json' }).end('{"error":"simulated"}');
    if (behaviour.raw !== undefined) return void res.writeHead(200, { 'content-type': 'application/json' }).end(behaviour.raw);
    if (req.method === 'GET' && url.pathname === '/res/v1/web/search') {
      if (req.headers['x-subscription-token'] !== TEST_KEY)
        return void res.writeHead(401).end('{"type":"ErrorResponse","error":{"code":"SUBSCRIPTION_TOKEN_INVALID"}}');
      const count = Number(url.searchParams.get('count') ?? 20);
      const site = /site:(\S+)/.exec(url.searchParams.get('q') ?? '')?.[1];
      const results = INDEX.filter((r) => !site || inDomains(r.url, [site])).slice(0, count);
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ type: 'search', query: { original: url.searchParams.get('q') }, web: { type: 'search', results } }));
    }
    if (req.method === 'POST' && url.pathname === '/search') {
      if (req.headers.authorization !== `Bearer ${TEST_KEY}`) return void res.writeHead(401).end('{"detail":{"error":"Unauthorized"}}');
      const q = JSON.parse(body) as { query: string; max_results: number; include_domains: string[]; exclude_domains: string[] };
      const results = INDEX.filter(
        (r) => (!q.include_domains.length || inDomains(r.url, q.include_domains)) && !inDomains(r.url, q.exclude_domains),
      )
        .slice(0, q.max_results)
        .map((r) => ({ title: r.title.replace(/<[^>]+>/g, ''), url: r.url, content: r.description, score: 0.9 }));
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ query: q.query, results, response_time: 0.1 }));
    }
    res.writeHead(404).end('{"error":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave: (b) => void (behaviour = b),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
