import { definePlugin } from '@quiver/core';
import { mcpPluginOptionsSchema, provideMcpHub } from '@quiver/mcp-hub';
import { useMcpTool } from './use-mcp-tool.js';

/**
 * The use_mcp_tool plugin: registers `use_mcp_tool` and provides the MCP hub service.
 * Plugin options: `mcpServers` (the config's servers), `watchFile` (a JSON file to read and
 * watch instead), `supportsImages` (default true).
 * @example
 * import useMcpTool from '@quiver/tool-use-mcp-tool';
 * const h = await createTestHarness({ plugins: [{ plugin: useMcpTool, options: { mcpServers: { s: { command: 'my-server' } } } }] });
 * await h.call('use_mcp_tool', { server_name: 's', tool_name: 'echo', arguments: '{"message":"hi"}' });
 */
export default definePlugin({
  name: '@quiver/tool-use-mcp-tool',
  tools: [useMcpTool],
  options: mcpPluginOptionsSchema,
  register: provideMcpHub,
});
