/**
 * The hub as a Quiver service. Each MCP tool plugin provides it from its options in
 * `register()`; whichever plugin loads first builds it, and the others share that one hub,
 * so one host has one connection per server.
 */
import { z } from 'zod';
import { coreServices, createServiceRef, type PluginContext, type ServiceLocator, type ServiceRef } from '@quiver/core';
import { mcpServersConfigSection } from './config-section.js';
import { createMcpHub, type McpHub } from './mcp-hub.js';

/** The service ref of the hub (one per host). */
export const mcpHubRef: ServiceRef<McpHub> = createServiceRef<McpHub>({ id: 'mcp.hub', scope: 'root' });

/**
 * The options of the MCP tool plugins (use_mcp_tool, access_mcp_resource), parsed once when
 * each loads: a bad value is a config error naming the key. Without `mcpServers` and
 * `watchFile` the hub reads the host config's `mcpServers` (and watches it when it is JSON).
 */
export const mcpPluginOptionsSchema = z
  .object({
    /** Servers (name → entry) instead of the config's `mcpServers`; each entry is checked when the hub connects. */
    mcpServers: z.record(z.string(), z.unknown()).optional(),
    /** A JSON file whose `mcpServers` is read and watched (replaces `mcpServers`). */
    watchFile: z.string().min(1).optional(),
    /** Return images as image blocks; false for hosts whose model cannot see them. @default true */
    supportsImages: z.boolean().default(true),
  })
  .strict();

/** The parsed options of an MCP tool plugin. */
export type McpPluginOptions = z.output<typeof mcpPluginOptionsSchema>;

// One hub per root container, whichever plugin's registration builds it: plugins load lazily,
// and a later registration of the same ref must not start a second hub.
const hubs = new WeakMap<ServiceLocator, McpHub>();

/**
 * Provide {@link mcpHubRef} from a plugin's options.
 * @example
 * export default definePlugin({ name: '@quiver/tool-use-mcp-tool', tools: [useMcpTool], register: provideMcpHub });
 */
export function provideMcpHub(context: Pick<PluginContext, 'options' | 'provide'>): void {
  const options = context.options as Partial<McpPluginOptions>;
  context.provide(
    mcpHubRef,
    (services) => {
      let hub = hubs.get(services);
      if (!hub) {
        // Plugin options win; otherwise the host's own config (its `mcpServers`, and the file
        // itself when it is JSON, so edits reconnect servers).
        const host = services.find(coreServices.config);
        const servers = isRecord(options.mcpServers) ? options.mcpServers : mcpServersConfigSection.of(host?.config ?? {});
        const watchFile = typeof options.watchFile === 'string' ? options.watchFile : host?.file?.endsWith('.json') ? host.file : undefined;
        hub = createMcpHub({ servers: servers as Record<string, unknown> | undefined, watchFile });
        hubs.set(services, hub);
      }
      return hub;
    },
    { dispose: (hub) => hub.close() },
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
