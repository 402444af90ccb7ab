// mcpServers entries for the tests: the reference "everything" server from npm and the small
// test server beside this file, both over stdio.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const everything = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist/index.js');

/** The everything server. */
export const everythingServer = (extra: Record<string, unknown> = {}) => ({
  command: process.execPath,
  args: [everything, 'stdio'],
  ...extra,
});

/** The small test server (notify, big, fail, empty). */
export const testServer = (extra: Record<string, unknown> = {}) => ({
  command: process.execPath,
  args: [join(dirname(fileURLToPath(import.meta.url)), 'test-server.mjs')],
  ...extra,
});
