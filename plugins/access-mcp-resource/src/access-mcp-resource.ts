/**
 * access_mcp_resource (SPEC Part B §16.16): read a resource of a server in the config's
 * `mcpServers` through the MCP hub. Approval is the `mcp` category (`approval.useMcp`).
 * Text contents are joined; images are passed on when the model can see them; other binary
 * contents are named, not dumped; the answer is cut at 400 KB.
 */
import { z } from 'zod';
import { defineTool, errorResult, isQuiverError, type ContentBlock, type TaskConfig, type ToolResult } from '@quiver/core';
import { cutMcpText, mcpHubRef, mcpPluginOptionsSchema, type McpPluginOptions } from '@quiver/mcp-hub';
import { MCP_ERRORS } from '@quiver/mcp-hub';

/** The parameters of access_mcp_resource. */
export const accessMcpResourceParams = z.object({
  server_name: z.string().describe('The name of the MCP server providing the resource.'),
  uri: z.string().describe('The URI identifying the resource to read.'),
  task_progress: z.string().optional().describe('The updated task checklist, in Markdown.'),
});

/** One item of a `resources/read` answer. */
export interface ResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

const DESCRIPTION =
  'Request to access a resource provided by a connected MCP server. Resources represent data sources that can be used ' +
  'as context, such as files, API responses, or system information.';

/** access_mcp_resource, ready for `definePlugin`. */
export const accessMcpResourceTool = defineTool({
  name: 'access_mcp_resource',
  description: DESCRIPTION,
  params: accessMcpResourceParams,
  options: mcpPluginOptionsSchema,
  annotations: { title: 'Access MCP resource', readOnly: true, openWorld: true },
  requires: ['mcpServers'],
  approval: 'mcp',
  describe: (p) => `[access_mcp_resource for '${p.server_name ?? ''}': ${p.uri ?? ''}]`,
  execute: (config, params) => readResource(config, params),
});

async function readResource(config: TaskConfig<McpPluginOptions>, params: z.infer<typeof accessMcpResourceParams>): Promise<ToolResult> {
  const hub = config.services.get(mcpHubRef);
  try {
    const result = await hub.readResource(params.server_name, params.uri, { signal: config.signal });
    return { content: formatResourceContents(result.contents as ResourceContents[], config.options.supportsImages), isError: false };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (!isQuiverError(e)) return errorResult(`Error accessing MCP resource: ${message}`, MCP_ERRORS.MCP_CALL_FAILED, 'keep');
    const own = e.code === MCP_ERRORS.MCP_SERVER_UNKNOWN || e.code === MCP_ERRORS.MCP_SERVER_DISABLED;
    return errorResult(
      own ? message : `Error accessing MCP resource: ${message}`,
      e.code,
      e.code === MCP_ERRORS.MCP_SERVER_UNKNOWN ? 'increment' : 'keep',
    );
  }
}

/**
 * Render `resources/read` contents: texts joined by blank lines ("(Empty response)" when
 * there are none), image blobs as image blocks when supported, other blobs as one line each.
 */
export function formatResourceContents(contents: ResourceContents[], supportsImages = true): ContentBlock[] {
  const texts: string[] = [];
  const images: ContentBlock[] = [];
  for (const item of contents) {
    if (typeof item.text === 'string') texts.push(item.text);
    else if (typeof item.blob === 'string' && supportsImages && item.mimeType?.startsWith('image/'))
      images.push({ type: 'image', data: item.blob, mimeType: item.mimeType });
    else if (typeof item.blob === 'string')
      texts.push(
        `[Binary content of ${item.uri} (${item.mimeType ?? 'unknown type'}, ${Math.floor((item.blob.length * 3) / 4)} bytes) is not shown.]`,
      );
  }
  const text = texts.join('\n\n') || (images.length ? '' : '(Empty response)');
  return [...(text ? [{ type: 'text' as const, text: cutMcpText(text) }] : []), ...images];
}
