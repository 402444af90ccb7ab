// The reference "everything" MCP server from npm (a devDependency), run over stdio with node.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The server's entry script. */
export const EVERYTHING_SCRIPT = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist/index.js');

/** An `mcpServers` entry that starts it over stdio. */
export function everythingServer(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'], ...extra };
}
