// The mcpServers entry of the reference "everything" server from npm, over stdio.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const everything = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist/index.js');

/** The everything server. */
export const everythingServer = (extra: Record<string, unknown> = {}) => ({
  command: process.execPath,
  args: [everything, 'stdio'],
  ...extra,
});
