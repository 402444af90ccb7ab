/**
 * load_mcp_documentation (SPEC Part B §16.16): returns the guide to creating an MCP server.
 * No parameters and no approval. Plugin options `serversDir` and `settingsPath` change the
 * places the guide names.
 */
import { z } from 'zod';
import { defineTool, ERROR_CODES, errorResult, type ToolResult } from '@quiver/core';
import { mcpDocumentation } from './mcp-documentation.js';

/** The parameters of load_mcp_documentation: none (the task checklist only). */
export const loadMcpDocumentationParams = z.object({
  task_progress: z.string().optional().describe('The updated task checklist, in Markdown.'),
});

/** The plugin's options, parsed once when it loads (a bad value is a config error naming the key). */
export const loadMcpDocumentationOptions = z
  .object({
    /** Where new MCP servers go. */
    serversDir: z.string().min(1).optional(),
    /** The settings file new servers are added to. */
    settingsPath: z.string().min(1).optional(),
  })
  .strict();

/** load_mcp_documentation, ready for `definePlugin`. */
export const loadMcpDocumentationTool = defineTool({
  name: 'load_mcp_documentation',
  description: 'Load documentation about creating MCP servers. Use it when the user asks to create or install an MCP server.',
  params: loadMcpDocumentationParams,
  options: loadMcpDocumentationOptions,
  annotations: { title: 'Load MCP documentation', readOnly: true, idempotent: true },
  // An agent-loop tool: it talks to the loop that runs the model, so hosts whose client runs its own loop (MCP) leave it out.
  loop: true,
  approval: 'none',
  describe: () => '[load_mcp_documentation]',
  async execute(config): Promise<ToolResult | string> {
    try {
      const { serversDir, settingsPath } = config.options;
      return mcpDocumentation({ serversDir, settingsPath });
    } catch (e) {
      return errorResult(`Error loading MCP documentation: ${e instanceof Error ? e.message : String(e)}`, ERROR_CODES.TOOL_FAILED);
    }
  },
});
