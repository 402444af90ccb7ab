import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { TOOL_NAME_PATTERN, type Registry } from '@quiver/core/host';
import { mcpHubRef, type McpHub } from '@quiver/mcp-hub';
import type { Runtime } from '@quiver/runtime';

/** Between a server's name and its tool's in a re-exported name (`fs__write_file`). */
export const DOWNSTREAM_SEPARATOR = '__';

/** The tool that runs re-exported calls, through the whole pipeline (approval per downstream tool). */
const CALLER = 'use_mcp_tool';

/** A downstream tool, re-exported: the server and tool it stands for. */
export interface DownstreamTarget {
  server: string;
  tool: string;
}

/**
 * The hub of a runtime, once `use_mcp_tool`'s plugin has registered it; undefined when the
 * tool is not there (disabled, not configured).
 */
async function hubOf(runtime: Runtime): Promise<McpHub | undefined> {
  const registry: Registry = runtime.host.registry;
  if (!(await registry.get(CALLER).catch(() => undefined))) return undefined;
  const hub = runtime.host.container.find(mcpHubRef);
  await hub?.ready;
  return hub;
}

/**
 * The tools of the configured MCP servers, re-exported to this server's client as native tools
 * named `<server>__<tool>`, with the server's schemas and annotations (hints stay the server's
 * own: untrusted), so a client can discover and call them without knowing `use_mcp_tool`. A
 * server that cannot be listed is logged and left out; a name over 64 characters or outside
 * `[a-zA-Z0-9_-]` is skipped (it could not be called).
 */
export async function listDownstreamTools(runtime: Runtime, log: (line: string) => void): Promise<Tool[]> {
  const hub = await hubOf(runtime);
  if (!hub) return [];
  const out: Tool[] = [];
  for (const status of hub.servers()) {
    if (status.disabled || status.state === 'invalid') continue;
    let tools;
    try {
      tools = await hub.listTools(status.name);
    } catch (e) {
      log(`MCP server ${status.name} could not be listed, so its tools are not re-exported: ${e instanceof Error ? e.message : String(e)}`);
      continue;
    }
    for (const t of tools) {
      const name = `${status.name}${DOWNSTREAM_SEPARATOR}${t.name}`;
      if (!TOOL_NAME_PATTERN.test(name)) {
        log(`skipping ${status.name}'s tool ${t.name}: '${name}' is not a valid MCP tool name (1-64 of [a-zA-Z0-9_-])`);
        continue;
      }
      out.push({
        name,
        ...(t.title ? { title: t.title } : {}),
        description: `${status.name}: ${t.description ?? t.name}`,
        inputSchema: { ...t.inputSchema, type: 'object' } as Tool['inputSchema'],
        ...(t.annotations ? { annotations: t.annotations } : {}),
      });
    }
  }
  return out;
}

/**
 * The server and tool a re-exported name stands for, or undefined when `name` is not one (no
 * configured, enabled server is its prefix). The longest matching server name wins, so
 * `a__b__c` with servers `a` and `a__b` is `a__b`'s tool `c`.
 */
export async function downstreamTarget(runtime: Runtime, name: string): Promise<DownstreamTarget | undefined> {
  if (!name.includes(DOWNSTREAM_SEPARATOR)) return undefined;
  const hub = await hubOf(runtime);
  if (!hub) return undefined;
  const server = hub
    .servers()
    .filter(
      (s) => !s.disabled && name.startsWith(s.name + DOWNSTREAM_SEPARATOR) && name.length > s.name.length + DOWNSTREAM_SEPARATOR.length,
    )
    .sort((a, b) => b.name.length - a.name.length)[0];
  return server ? { server: server.name, tool: name.slice(server.name.length + DOWNSTREAM_SEPARATOR.length) } : undefined;
}

/** The `use_mcp_tool` call a re-exported call becomes. */
export function downstreamCall(target: DownstreamTarget, args: Record<string, unknown>): { name: string; params: Record<string, unknown> } {
  return { name: CALLER, params: { server_name: target.server, tool_name: target.tool, arguments: args } };
}
