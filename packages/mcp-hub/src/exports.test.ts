import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual([
    'DEFAULT_SERVER_TIMEOUT_S',
    'LIST_TIMEOUT_MS',
    'MAX_MCP_RESPONSE_CHARS',
    'MCP_ERRORS',
    'connectionKey',
    'createMcpHub',
    'cutMcpText',
    'expandEnv',
    'mcpHubRef',
    'mcpPluginOptionsSchema',
    'mcpServerConfigSchema',
    'mcpServerSchema',
    'mcpServersConfigSection',
    'provideMcpHub',
    'readServersFile',
    'resolveServer',
  ]);
  expect(api.mcpHubRef.id).toBe('mcp.hub');
});
