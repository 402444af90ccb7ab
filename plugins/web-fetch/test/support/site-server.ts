// A small website on 127.0.0.1 (node:http) for the web_fetch tests: real HTML pages,
// redirects, a huge body, a slow answer, binary content, text types, compression, charsets.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/** A running site. */
export interface Site {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Paths requested, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

export const ARTICLE_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>  Rust ownership, explained  </title>
  <style>body { font-family: serif } .secret-style { color: red }</style>
  <script>window.trackingSecret = "do-not-show";</script>
  <link rel="stylesheet" href="/site.css">
</head>
<body>
  <header class="site"><a href="/">ACME Blog</a><nav><a href="/about">About</a> <a href="/archive">Archive</a></nav></header>
  <aside>Sponsored: buy more RAM</aside>
  <main>
    <article>
      <h1>Ownership in Rust</h1>
      <p>Every value has a single <strong>owner</strong>. When the owner goes out of scope, the value is <em>dropped</em>.</p>
      <h2>Borrowing</h2>
      <ul><li>Many shared references</li><li>Or one mutable reference</li></ul>
      <pre><code class="language-rust">fn main() {
    let s = String::from("hi");
}</code></pre>
      <table>
        <tr><th>Kind</th><th>Syntax</th></tr>
        <tr><td>shared</td><td>&amp;T</td></tr>
        <tr><td>mutable</td><td>&amp;mut T</td></tr>
      </table>
      <p>Read <a href="/chapter/2">chapter 2</a> next. <a href="javascript:void(0)">Share</a></p>
      <img src="/img/diagram.png" alt="ownership diagram">
      <form><input name="q"><button>Subscribe</button></form>
    </article>
  </main>
  <footer>© 2024 ACME — <a href="/privacy">Privacy</a></footer>
  <script src="/app.js"></script>
</body>
</html>`;

const LONE_ARTICLE_HTML = `<!doctype html><html><head><title>Release notes</title></head><body>
<div class="menu"><nav>Home | Docs</nav></div>
<header><h1>Site name</h1></header>
<div class="wrap"><article><h2>Version 2.0</h2><p>Faster builds.</p></article></div>
<footer>footer text</footer></body></html>`;

type Handler = (req: IncomingMessage, res: ServerResponse, site: Site) => void;

const routes: Record<string, Handler> = {
  '/article': (_q, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE_HTML),
  '/lone-article': (_q, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(LONE_ARTICLE_HTML),
  '/plain': (_q, res) =>
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('line one\n  <b>not html</b>\nline three\n'),
  '/data.json': (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"quiver","tools":27}'),
  '/untyped-html': (_q, res) => res.end('<!DOCTYPE html><html><body><p>sniffed page</p></body></html>'),
  '/untyped-binary': (_q, res) => res.end(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x01, 0x02])),
  '/image.png': (_q, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(2048, 1)),
  '/report.pdf': (_q, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4 ...'),
  '/gzip': (_q, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
      .end(gzipSync('<html><body><main><p>compressed page</p></main></body></html>')),
  '/latin1': (_q, res) =>
    res.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' }).end(Buffer.from([0x63, 0x61, 0x66, 0xe9])),
  '/huge': (_q, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = 'x'.repeat(64 * 1024);
    let sent = 0;
    // 16 MB if nobody stops reading; the client must hang up early.
    const pump = () => {
      while (sent < 256) {
        sent++;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  },
  '/slow': (_q, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.write('<html><body><p>start');
    const timer = setTimeout(() => res.end('</p></body></html>'), 10_000);
    res.on('close', () => clearTimeout(timer));
  },
  '/never': () => {},
  // A list page whose conversion takes far longer than a short time limit (turndown is superlinear on it).
  '/huge-list': (_q, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<ul>${'<li><a href="/x">item</a></li>'.repeat(40_000)}</ul>`),
  '/missing': (_q, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>'),
  '/redirect': (_q, res) => res.writeHead(302, { location: '/article' }).end(),
  '/redirect-abs': (_q, res, site) => res.writeHead(301, { location: `${site.url}/plain` }).end(),
  '/loop': (_q, res) => res.writeHead(307, { location: '/loop' }).end(),
  '/to-localhost': (_q, res, site) => res.writeHead(302, { location: `http://localhost:${site.port}/article` }).end(),
  '/to-file': (_q, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
};

/** Start the site on 127.0.0.1 (a free port). */
export async function startSite(): Promise<Site> {
  const requests: string[] = [];
  let site!: Site;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    const route = routes[path];
    if (route) route(req, res, site);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  site = {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return site;
}
