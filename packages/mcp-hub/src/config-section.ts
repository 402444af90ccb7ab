/**
 * The config's `mcpServers` section, owned by the MCP hub (core's schema does not know it).
 * Its own entry point (`@quiver/mcp-hub/config-section`) imports only zod and core, so a
 * host can validate configs without loading the MCP SDK.
 */
import { defineConfigSection } from '@quiver/core';
import { z } from 'zod';

/**
 * One `mcpServers` entry: the JSON shape Claude Desktop, Cline and VS Code share (stdio
 * `command`/`args`/`env`/`cwd`, or a `url` for Streamable HTTP and SSE). Strict here; the MCP
 * hub reads foreign settings files with the same schema, unknown keys stripped.
 */
export const mcpServerSchema = z
  .object({
    /** `stdio`, `sse`, `streamableHttp` (or its alias `http`). Without it: `command` → stdio, `url` → Streamable HTTP with an SSE fallback. */
    type: z.enum(['stdio', 'sse', 'streamableHttp', 'http']).optional(),
    /** Cline's legacy name for `type` (`http` means Streamable HTTP). */
    transportType: z.enum(['stdio', 'sse', 'streamableHttp', 'http']).optional(),
    command: z.string().min(1).optional(),
    args: z.array(z.string()).optional(),
    cwd: z.string().optional(),
    env: z.record(z.string(), z.string()).optional(),
    url: z.string().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    disabled: z.boolean().optional(),
    /** Tool names this server may run without asking, whatever `approval.useMcp` says. */
    autoApprove: z.array(z.string()).optional(),
    /**
     * How this server's other tools (not in `autoApprove`) are approved through use_mcp_tool:
     * `ask` asks for every call (refused when nobody can be asked), whatever `approval.useMcp`
     * says; `useMcp` follows `approval.useMcp` (the baseline's rule: on approves them all).
     * @default 'ask'
     */
    approval: z.enum(['ask', 'useMcp']).optional(),
    /** Seconds per request (≥ 1). @default 60 */
    timeout: z.number().min(1).optional(),
  })
  .strict();

/** The `mcpServers` section: server name → entry. An untrusted folder's servers are all left out (W1): starting one runs the folder's command. */
export const mcpServersConfigSection = defineConfigSection({
  key: 'mcpServers',
  schema: z.record(z.string(), mcpServerSchema),
  untrusted: (value, ctx) => void ctx.ignore(`mcpServers (${describeServers(value)})`),
});

function describeServers(value: Record<string, { command?: string; args?: string[]; url?: string }>): string {
  return Object.entries(value)
    .map(([name, s]) => `${name}: ${s.command ? [s.command, ...(s.args ?? [])].join(' ') : (s.url ?? '?')}`)
    .join('; ');
}
