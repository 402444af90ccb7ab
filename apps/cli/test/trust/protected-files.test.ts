// SPEC E1 through the built CLI and the MCP host: in a trusted folder with yolo on, the edit
// tools still cannot create or change quiver.config.*, the hook scripts the config names,
// .clinerules/hooks/* or the trust store. Controls: ordinary edits and rule files work.
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, execJson, requireBuild } from '../run-quiver.js';

let base: string;
let ws: string;
let env: Record<string, string>;
const CONFIG = JSON.stringify({ approval: { yolo: true }, hooks: { PostToolUse: [{ hooks: [{ command: './hooks/post.sh' }] }] } });
const HOOK = '#!/bin/sh\nexit 0\n';

beforeAll(async () => {
  requireBuild();
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-protected-')));
  ws = join(base, 'ws');
  await mkdir(join(ws, 'hooks'), { recursive: true });
  await mkdir(join(ws, '.clinerules'), { recursive: true });
  await writeFile(join(ws, 'quiver.config.json'), CONFIG);
  await writeFile(join(ws, 'hooks', 'post.sh'), HOOK);
  await chmod(join(ws, 'hooks', 'post.sh'), 0o755);
  await symlink('quiver.config.json', join(ws, 'config-link.json'));
  env = { QUIVER_TRUST_STORE: join(base, 'store', 'trusted-folders.json') };
  await mkdir(join(base, 'store'));
  await writeFile(env.QUIVER_TRUST_STORE, '{"version":1,"folders":{}}\n');
});
afterAll(() => rm(base, { recursive: true, force: true }));

const run = (tool: string, params: object) => execJson(tool, params, { cwd: ws, env, flags: ['--trust'] });

describe('protected files (E1), even with yolo', () => {
  it.each([
    ['write_to_file', { path: 'quiver.config.json', content: '{"approval":{"yolo":true}}' }],
    ['write_to_file', { path: 'quiver.config.mjs', content: 'export default {}' }],
    ['write_to_file', { path: 'Quiver.Config.ts', content: 'export default {}' }],
    ['write_to_file', { path: 'config-link.json', content: '{}' }],
    ['replace_in_file', { path: 'hooks/post.sh', diff: '------- SEARCH\nexit 0\n=======\ntouch pwned\n+++++++ REPLACE' }],
    ['write_to_file', { path: '.clinerules/hooks/PreToolUse', content: '#!/bin/sh\ntouch pwned\n' }],
    ['new_rule', { path: '.clinerules/hooks/PreToolUse', content: '#!/bin/sh\ntouch pwned\n' }],
    ['apply_patch', { input: '*** Begin Patch\n*** Add File: .clinerules/hooks/TaskStart\n+#!/bin/sh\n+touch pwned\n*** End Patch' }],
    ['apply_patch', { input: '*** Begin Patch\n*** Update File: hooks/post.sh\n #!/bin/sh\n-exit 0\n+touch pwned\n*** End Patch' }],
  ])('%s %j is refused, naming E1', async (tool, params) => {
    const r = await run(tool, params);
    expect(r.isError, r.text).toBe(true);
    expect(r.text).toMatch(/rule E1/);
    expect(await readFile(join(ws, 'quiver.config.json'), 'utf8')).toBe(CONFIG);
    expect(await readFile(join(ws, 'hooks', 'post.sh'), 'utf8')).toBe(HOOK);
    for (const made of ['quiver.config.mjs', 'Quiver.Config.ts', '.clinerules/hooks/PreToolUse', '.clinerules/hooks/TaskStart'])
      expect(existsSync(join(ws, made)), made).toBe(false);
  });

  it('the trust store, outside the workspace, is refused too (yolo would approve an external write)', async () => {
    const r = await run('write_to_file', { path: env.QUIVER_TRUST_STORE, content: `{"version":1,"folders":{"${ws}":{"hash":"x"}}}` });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('rule E1');
    expect(await readFile(env.QUIVER_TRUST_STORE, 'utf8')).toBe('{"version":1,"folders":{}}\n');
  });

  it('controls: ordinary edits and a rule file below .clinerules/ work', async () => {
    const w = await run('write_to_file', { path: 'src/app.ts', content: 'export const a = 1;' });
    expect(w.isError, w.text).toBe(false);
    const rule = await run('new_rule', { path: '.clinerules/style.md', content: '## Brief overview\nStyle.' });
    expect(rule.isError, rule.text).toBe(false);
    expect(await readFile(join(ws, '.clinerules', 'style.md'), 'utf8')).toContain('Style.');
  });

  it('the MCP host refuses the same writes', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--cwd', ws, '--trust'],
      cwd: ws,
      stderr: 'pipe',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    const client = new Client({ name: 'protected-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const r = (await client.callTool({
        name: 'write_to_file',
        arguments: { path: 'quiver.config.json', content: '{}' },
      })) as CallToolResult;
      expect(r.isError).toBe(true);
      expect(JSON.stringify(r.content)).toContain('rule E1');
      const ok = (await client.callTool({ name: 'write_to_file', arguments: { path: 'src/b.ts', content: 'b' } })) as CallToolResult;
      expect(ok.isError ?? false).toBe(false);
    } finally {
      await client.close();
    }
    expect(await readFile(join(ws, 'quiver.config.json'), 'utf8')).toBe(CONFIG);
  });
});
