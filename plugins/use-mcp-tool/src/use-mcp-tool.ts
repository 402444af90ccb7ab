/**
 * use_mcp_tool (SPEC Part B §16.16): call a tool of a server in the config's `mcpServers`
 * through the MCP hub. Approval is per downstream tool: the server's `autoApprove` list runs
 * those tools unasked; any other tool is asked (or refused when nobody can be asked), whatever
 * `approval.useMcp` says, unless the server's entry says `approval: "useMcp"`. The arguments
 * are checked as a JSON object before any approval, and a bad one counts a mistake.
 */
import { z } from 'zod';
import { defineTool, errorResult, isQuiverError, type TaskConfig, type ToolResult } from '@quiver/core';
import { mcpHubRef, mcpPluginOptionsSchema, type McpHub, type McpHubNotification, type McpPluginOptions } from '@quiver/mcp-hub';
import { formatToolResult } from './format-tool-result.js';
import { MCP_ERRORS } from '@quiver/mcp-hub';

/** The baseline's words for arguments that are not a JSON object. */
export function invalidJsonArgument(server: string, tool: string): string {
  return `Invalid JSON argument used with ${server} for ${tool}. Please retry with a properly formatted JSON argument.`;
}

/** The parameters of use_mcp_tool. `arguments` is a JSON object, as text or as an object. */
export const useMcpToolParams = z
  .object({
    server_name: z.string().describe('The name of the MCP server providing the tool.'),
    tool_name: z.string().describe('The name of the tool to execute.'),
    arguments: z
      .union([z.string(), z.record(z.string(), z.unknown())])
      .optional()
      .describe("A JSON object with the tool's input parameters, following the tool's input schema."),
    task_progress: z.string().optional().describe('The updated task checklist, in Markdown.'),
  })
  .superRefine((params, ctx) => {
    if (typeof params.arguments === 'string' && parseArguments(params.arguments) === undefined) {
      ctx.addIssue({ code: 'custom', path: ['arguments'], message: invalidJsonArgument(params.server_name, params.tool_name) });
    }
  });

const DESCRIPTION =
  'Request to use a tool provided by a connected MCP server. Each MCP server can provide multiple tools with different ' +
  'capabilities. Tools have defined input schemas that specify required and optional parameters. Give the server name, ' +
  "the tool name, and the tool's arguments as a JSON object.";

/** use_mcp_tool, ready for `definePlugin`. */
export const useMcpTool = defineTool({
  name: 'use_mcp_tool',
  description: DESCRIPTION,
  params: useMcpToolParams,
  options: mcpPluginOptionsSchema,
  annotations: { title: 'Use MCP tool', openWorld: true },
  requires: ['mcpServers'],
  approval: {
    // Each downstream tool is its own risk: a server's write_file is not approved because
    // approval.useMcp is on. So the category asks every time (yolo and autoApproveAll still
    // approve), and this rule spares the prompt for the server's autoApprove tools, and for
    // every tool of a server the config opted out (`approval: "useMcp"`) while useMcp is on.
    category: 'always',
    // Why it asks, in the prompt: what would let this one tool run unasked.
    escalate: (_config, params) =>
      `MCP server '${params.server_name}' tool '${params.tool_name}' is not in the server's autoApprove list (add it to mcpServers.${params.server_name}.autoApprove to run it without asking)`,
    autoApprove: async (config, params) => {
      const hub = config.services.find(mcpHubRef);
      if (!hub) return false;
      await hub.ready;
      if (hub.isAutoApproved(params.server_name, params.tool_name)) return true;
      return hub.approvalOf(params.server_name) === 'useMcp' && config.approvalSettings.useMcp === true;
    },
  },
  describe: (p) => `[use_mcp_tool for '${p.server_name ?? ''}': ${p.tool_name ?? ''}]`,
  execute: (config, params) => callMcpTool(config, params),
});

async function callMcpTool(config: TaskConfig<McpPluginOptions>, params: z.infer<typeof useMcpToolParams>): Promise<ToolResult> {
  const hub = config.services.get(mcpHubRef);
  const args = typeof params.arguments === 'string' ? parseArguments(params.arguments) : params.arguments;
  const stop = hub.onNotification((n) => {
    if (n.server === params.server_name) void config.ui.say('mcp_notification', notificationText(n), n);
  });
  try {
    const result = await hub.callTool(params.server_name, params.tool_name, args, {
      signal: config.signal,
      onProgress: (progress, total, message) =>
        config.ui.progress?.(message ?? `${params.server_name}: ${params.tool_name}`, progress, total),
    });
    const content = formatToolResult(result, { supportsImages: config.options.supportsImages });
    // A tool's own failure is the server's answer, not the model's mistake.
    return result.isError ? { content, isError: true, code: MCP_ERRORS.MCP_CALL_FAILED, mistake: 'keep' } : { content, isError: false };
  } catch (e) {
    return failure(e, hub);
  } finally {
    stop();
  }
}

function failure(e: unknown, _hub: McpHub): ToolResult {
  const message = e instanceof Error ? e.message : String(e);
  if (!isQuiverError(e)) return errorResult(`Error executing MCP tool: ${message}`, MCP_ERRORS.MCP_CALL_FAILED, 'keep');
  // Naming a server that does not exist is the model's mistake; the rest is the server's state.
  const mistake = e.code === MCP_ERRORS.MCP_SERVER_UNKNOWN ? 'increment' : 'keep';
  const text =
    e.code === MCP_ERRORS.MCP_SERVER_UNKNOWN || e.code === MCP_ERRORS.MCP_SERVER_DISABLED
      ? message
      : `Error executing MCP tool: ${message}`;
  return errorResult(text, e.code, mistake);
}

/** A JSON object from text, or undefined when the text is not one. Blank text means no arguments. */
function parseArguments(text: string): Record<string, unknown> | undefined {
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function notificationText(n: McpHubNotification): string {
  const data = n.params?.data ?? n.params?.message ?? n.params;
  const text = typeof data === 'string' ? data : JSON.stringify(data ?? {});
  return `[${n.server}] ${n.method === 'notifications/message' ? `${String(n.params?.level ?? 'info')}: ` : `${n.method} `}${text}`;
}
