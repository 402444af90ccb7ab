import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test pages, served on 127.0.0.1 only. Element positions are fixed so clicks can aim. */
const FORM_PAGE = `<!doctype html>
<html><head><title>Form</title><style>
  body { margin: 0; font: 16px sans-serif; }
  #name { position: absolute; left: 50px; top: 50px; width: 200px; height: 30px; }
  #go { position: absolute; left: 300px; top: 50px; width: 100px; height: 30px; }
  #fail { position: absolute; left: 450px; top: 50px; width: 100px; height: 30px; }
  #out { position: absolute; left: 50px; top: 120px; }
  #next { position: absolute; left: 50px; top: 200px; }
</style></head><body>
<input id="name"><button id="go">Greet</button><button id="fail">Fail</button>
<p id="out">Nobody greeted yet</p>
<a id="next" href="/second">Next page</a>
<script>
  console.log('page ready');
  document.getElementById('go').addEventListener('click', () => {
    const name = document.getElementById('name').value;
    console.log('clicked ' + name);
    document.getElementById('out').textContent = 'Hello, ' + name + '!';
  });
  document.getElementById('fail').addEventListener('click', () => {
    console.error('something failed');
    setTimeout(() => { throw new Error('kaboom'); }, 0);
  });
</script></body></html>`;

const SECOND_PAGE = `<!doctype html><html><body><h1>Second page</h1><script>console.log('second loaded')</script></body></html>`;

const LONG_PAGE = `<!doctype html><html><body style="margin:0">
<div style="height: 4000px; background: linear-gradient(#fff, #000)">tall</div>
<p id="pos">at 0</p>
<script>
  window.addEventListener('scroll', () => {
    document.getElementById('pos').textContent = 'at ' + Math.round(window.scrollY);
    console.log('scrolled ' + Math.round(window.scrollY));
  });
</script></body></html>`;

/** A running test server. */
export interface TestPages {
  readonly url: string;
  close(): Promise<void>;
}

/** Start the test pages: `/` (form), `/second`, `/long`, `/never` (never answers). */
export async function startTestPages(): Promise<TestPages> {
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    if (req.url === '/never') {
      hanging.add(res);
      return;
    }
    const body = req.url === '/second' ? SECOND_PAGE : req.url === '/long' ? LONG_PAGE : req.url === '/' ? FORM_PAGE : undefined;
    if (body === undefined) {
      // No favicon: a 404 would put a console error in every launch's logs.
      res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Width and height of a PNG, from its IHDR chunk. */
export function pngSize(data: Buffer): { width: number; height: number } {
  if (data.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error('not a PNG');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}
