// The hub against Quiver's own MCP server (`quiver mcp`, stdio), run from the built CLI.
// `pnpm test` builds first; a tree without apps/cli/dist skips this file.
import { existsSync } from 'node:fs';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMcpHub, type McpHub } from './index.js';

const CLI = fileURLToPath(new URL('../../../apps/cli/dist/bin.js', import.meta.url));

let dir: string;
let hub: McpHub | undefined;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'quiver-mcp-self-')));
  await writeFile(join(dir, 'hello.txt'), 'hello from quiver\nsecond line\n');
});
afterEach(async () => {
  await hub?.close();
  hub = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!existsSync(CLI))('quiver mcp as a server', () => {
  it("lists Quiver's tools and runs read_file through it", async () => {
    hub = createMcpHub({ servers: { quiver: { command: process.execPath, args: [CLI, 'mcp', '--cwd', dir] } } });
    const tools = await hub.listTools('quiver');
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['read_file', 'list_files']));
    const result = await hub.callTool('quiver', 'read_file', { path: 'hello.txt' });
    expect(result.isError).not.toBe(true);
    expect(JSON.stringify(result.content)).toContain('1 | hello from quiver');
  });

  it("returns Quiver's tool errors as error results", async () => {
    hub = createMcpHub({ servers: { quiver: { command: process.execPath, args: [CLI, 'mcp', '--cwd', dir] } } });
    const result = await hub.callTool('quiver', 'read_file', { path: 'missing.txt' });
    expect(result.isError).toBe(true);
    // The error is read_file's own, sent over MCP, not a failure to reach the server.
    expect(JSON.stringify(result.content)).toContain('missing.txt');
  });
});
