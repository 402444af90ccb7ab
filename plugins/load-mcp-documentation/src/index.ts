import { definePlugin } from '@quiver/core';
import { loadMcpDocumentationOptions, loadMcpDocumentationTool } from './load-mcp-documentation.js';

/**
 * The load_mcp_documentation plugin. Plugin options: `serversDir` (where new servers go,
 * default `~/Documents/Quiver/MCP`), `settingsPath` (the config file the guide names).
 * @example
 * import loadMcpDocumentation from '@quiver/tool-load-mcp-documentation';
 * const h = await createTestHarness({ plugins: [loadMcpDocumentation] });
 * await h.call('load_mcp_documentation', {});
 */
export default definePlugin({
  name: '@quiver/tool-load-mcp-documentation',
  tools: [loadMcpDocumentationTool],
  options: loadMcpDocumentationOptions,
});
