import { definePlugin } from '@quiver/core';
import { mcpPluginOptionsSchema, provideMcpHub } from '@quiver/mcp-hub';
import { accessMcpResourceTool } from './access-mcp-resource.js';

/**
 * The access_mcp_resource plugin: registers `access_mcp_resource` and provides the MCP hub
 * service (shared with use_mcp_tool). Plugin options: `mcpServers`, `watchFile`,
 * `supportsImages` (default true).
 * @example
 * import accessMcpResource from '@quiver/tool-access-mcp-resource';
 * const h = await createTestHarness({ plugins: [{ plugin: accessMcpResource, options: { mcpServers } }] });
 * await h.call('access_mcp_resource', { server_name: 'docs', uri: 'docs://readme' });
 */
export default definePlugin({
  name: '@quiver/tool-access-mcp-resource',
  tools: [accessMcpResourceTool],
  options: mcpPluginOptionsSchema,
  register: provideMcpHub,
});
