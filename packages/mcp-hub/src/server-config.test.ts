import { describe, expect, it } from 'vitest';
import { connectionKey, expandEnv, resolveServer } from './server-config.js';
import { MCP_ERRORS } from './mcp-errors.js';

const ctx = { env: { HOME: '/home/q', TOKEN: 's3cret' }, baseDir: '/cfg' };

describe('expandEnv', () => {
  it('expands ${env:VAR}, unset variables to empty, and leaves other text alone', () => {
    expect(expandEnv('${env:HOME}/x ${env:MISSING}|$HOME ${TOKEN}', ctx.env)).toBe('/home/q/x |$HOME ${TOKEN}');
  });
});

describe('resolveServer', () => {
  it('stdio from command: args, env and cwd expanded, relative cwd from the config folder, timeout default 60 s', () => {
    const s = resolveServer('fs', { command: 'node', args: ['${env:HOME}/srv.js'], env: { KEY: '${env:TOKEN}' }, cwd: 'servers' }, ctx);
    expect(s).toMatchObject({
      transport: 'stdio',
      command: 'node',
      args: ['/home/q/srv.js'],
      env: { KEY: 's3cret' },
      cwd: '/cfg/servers',
      timeoutMs: 60_000,
      disabled: false,
      autoApprove: [],
    });
  });

  it.each([
    [{ url: 'http://127.0.0.1:1/mcp' }, 'auto'],
    [{ type: 'sse', url: 'http://127.0.0.1:1/sse' }, 'sse'],
    [{ type: 'streamableHttp', url: 'http://127.0.0.1:1/mcp' }, 'streamableHttp'],
    [{ type: 'http', url: 'http://127.0.0.1:1/mcp' }, 'streamableHttp'],
    [{ transportType: 'http', url: 'http://127.0.0.1:1/mcp' }, 'streamableHttp'],
    [{ type: 'stdio', command: 'x' }, 'stdio'],
  ])('%j → %s', (raw, transport) => {
    expect(resolveServer('s', raw, ctx).transport).toBe(transport);
  });

  it('expands headers and url, keeps autoApprove, disabled and timeout', () => {
    const s = resolveServer(
      'h',
      {
        url: 'http://127.0.0.1:9/${env:HOME}',
        headers: { Authorization: 'Bearer ${env:TOKEN}' },
        autoApprove: ['echo'],
        disabled: true,
        timeout: 5,
      },
      ctx,
    );
    expect(s.url?.href).toBe('http://127.0.0.1:9//home/q');
    expect(s).toMatchObject({ headers: { Authorization: 'Bearer s3cret' }, autoApprove: ['echo'], disabled: true, timeoutMs: 5000 });
  });

  it.each([
    [{}, 'give either "command"'],
    [{ type: 'sse' }, 'a sse server needs "url"'],
    [{ type: 'stdio', url: 'http://x' }, 'a stdio server needs "command"'],
    [{ url: 'not a url' }, 'not a valid URL'],
    [{ url: 'file:///etc/passwd' }, 'must be http or https'],
    [{ command: 'x', timeout: 0 }, 'timeout'],
  ])('%j is refused: %s', (raw, message) => {
    expect(() => resolveServer('bad', raw, ctx)).toThrow(
      expect.objectContaining({ code: MCP_ERRORS.MCP_CONFIG_INVALID, message: expect.stringContaining(message) }),
    );
  });

  it('connectionKey ignores autoApprove, timeout and disabled, and sees everything else', () => {
    const a = resolveServer('s', { command: 'node', args: ['a'] }, ctx);
    expect(connectionKey(resolveServer('s', { command: 'node', args: ['a'], autoApprove: ['x'], timeout: 3, disabled: true }, ctx))).toBe(
      connectionKey(a),
    );
    expect(connectionKey(resolveServer('s', { command: 'node', args: ['b'] }, ctx))).not.toBe(connectionKey(a));
    expect(connectionKey(resolveServer('s', { command: 'node', args: ['a'], env: { A: '1' } }, ctx))).not.toBe(connectionKey(a));
  });
});
