// Test-only helpers for the MCP end-to-end tests: temp workspaces and SDK clients connected to
// the built `quiver mcp` (stdio). Not part of the CLI's API.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';

/** The built CLI (tests that spawn it need `turbo run build --filter @quiver/cli...` first). */
export const BIN = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));

/** A temp folder for one test file, with workspaces in it and clients that close at the end. */
export interface McpTestKit {
  /** A workspace folder with files (and a quiver.config.json when `config` is given). */
  workspace(name: string, files?: Record<string, string>, config?: object): Promise<string>;
  /**
   * A client connected to `quiver mcp --cwd <dir>` over stdio. The test trusts its own temp
   * workspace (`--trust`: its configs loosen approval) unless `trust` is false.
   */
  connect(dir: string, capabilities?: ClientCapabilities, env?: Record<string, string>, trust?: boolean): Promise<Client>;
  /** Close the clients connected so far. */
  closeClients(): Promise<void>;
  /** Close the clients and remove the temp folder. */
  cleanup(): Promise<void>;
}

/** Make a kit; call `cleanup()` in `afterAll`. */
export async function createMcpTestKit(prefix: string): Promise<McpTestKit> {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build first (pnpm turbo run build --filter @quiver/cli...).`);
  const tmp = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  const clients: Client[] = [];
  return {
    async workspace(name, files = {}, config) {
      const dir = join(tmp, name);
      await mkdir(dir, { recursive: true });
      for (const [path, content] of Object.entries(files)) {
        await mkdir(join(dir, path, '..'), { recursive: true });
        await writeFile(join(dir, path), content);
      }
      if (config) await writeFile(join(dir, 'quiver.config.json'), JSON.stringify(config));
      return dir;
    },
    async connect(dir, capabilities = {}, env, trust = true) {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [BIN, 'mcp', '--cwd', dir, ...(trust ? ['--trust'] : [])],
        cwd: dir,
        stderr: 'pipe',
        ...(env ? { env: { ...(process.env as Record<string, string>), ...env } } : {}),
      });
      const client = new Client({ name: 'quiver-test', version: '1.0.0' }, { capabilities });
      await client.connect(transport);
      clients.push(client);
      return client;
    },
    async closeClients() {
      await Promise.all(clients.splice(0).map((c) => c.close()));
    },
    async cleanup() {
      await Promise.all(clients.splice(0).map((c) => c.close()));
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

/** The text blocks of a result, joined. */
export const resultText = (r: unknown): string =>
  ((r as CallToolResult).content ?? []).map((b) => (b.type === 'text' ? b.text : '')).join('\n');

/** `tools/call` with a typed result. */
export const callTool = (c: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
  c.callTool({ name, arguments: args }) as Promise<CallToolResult>;
