import { describe, expect, it } from 'vitest';
import { checkHttpRequest } from './http-guard.js';

const port = 7077;
const cases: {
  description: string;
  host?: string;
  origin?: string;
  allowedHosts?: string[];
  allowedOrigins?: string[];
  status?: number;
}[] = [
  { description: 'the bound address', host: '127.0.0.1:7077' },
  { description: 'localhost, bound port', host: 'localhost:7077' },
  { description: 'upper case', host: 'LOCALHOST:7077' },
  { description: 'a private address (DNS rebinding)', host: '10.0.0.5:7077', status: 403 },
  { description: 'a foreign name', host: 'evil.example.com:7077', status: 403 },
  { description: 'loopback on another port', host: '127.0.0.1:8080', status: 403 },
  { description: 'no port means 80', host: 'localhost', status: 403 },
  { description: 'an allowed tunnel name', host: 'dev.box.internal:443', allowedHosts: ['dev.box.internal'] },
  {
    description: 'an allowed name:port only on that port',
    host: 'dev.box.internal:444',
    allowedHosts: ['dev.box.internal:443'],
    status: 403,
  },
  { description: 'no Host header', host: undefined, status: 400 },
  { description: 'garbage Host', host: 'a b:7077', status: 403 },
  { description: 'no Origin (not a browser)', host: 'localhost:7077' },
  { description: 'a loopback origin, any port', host: 'localhost:7077', origin: 'http://localhost:5173' },
  { description: 'a 127.0.0.1 origin', host: 'localhost:7077', origin: 'https://127.0.0.1' },
  { description: 'a foreign origin', host: 'localhost:7077', origin: 'http://evil.example.com', status: 403 },
  { description: 'a rebinding origin on the loopback port', host: '127.0.0.1:7077', origin: 'http://evil.example.com:7077', status: 403 },
  { description: 'the null origin', host: 'localhost:7077', origin: 'null', status: 403 },
  { description: 'a non-http loopback origin', host: 'localhost:7077', origin: 'file://localhost', status: 403 },
  {
    description: 'a configured origin',
    host: 'localhost:7077',
    origin: 'https://app.example.com',
    allowedOrigins: ['https://app.example.com/'],
  },
  {
    description: 'a configured origin, other port',
    host: 'localhost:7077',
    origin: 'https://app.example.com:8443',
    allowedOrigins: ['https://app.example.com'],
    status: 403,
  },
];

describe('checkHttpRequest (Host and Origin, DNS rebinding)', () => {
  for (const c of cases) {
    it(`${c.description} → ${c.status ?? 'allowed'}`, () => {
      const refusal = checkHttpRequest(
        { host: c.host, origin: c.origin },
        { port, allowedHosts: c.allowedHosts, allowedOrigins: c.allowedOrigins },
      );
      expect(refusal?.status).toBe(c.status);
      if (refusal) expect(refusal.message).toMatch(/mcp\.allowed(Hosts|Origins)|no Host/);
    });
  }
});
