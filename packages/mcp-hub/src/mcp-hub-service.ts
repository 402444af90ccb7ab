/**
 * The hub as a Quiver service. Each MCP tool plugin provides it from its options in
 * `register()`; whichever plugin loads first builds it, and the others share that one hub,
 * so one host has one connection per server.
 */
import { coreServices, createServiceRef, type PluginContext, type ServiceLocator, type ServiceRef } from '@quiver/core';
import { mcpServersConfigSection } from './config-section.js';
import { createMcpHub, type McpHub } from './mcp-hub.js';

/** The service ref of the hub (one per host). */
export const mcpHubRef: ServiceRef<McpHub> = createServiceRef<McpHub>({ id: 'mcp.hub', scope: 'root' });

/**
 * The plugin options the MCP tool plugins read (the runtime passes the config's `mcpServers`).
 */
export interface McpPluginOptions {
  /** The config's `mcpServers` (name → entry). */
  mcpServers?: Record<string, unknown>;
  /** A JSON file whose `mcpServers` is read and watched (replaces `mcpServers`). */
  watchFile?: string;
}

// One hub per root container, whichever plugin's registration builds it: plugins load lazily,
// and a later registration of the same ref must not start a second hub.
const hubs = new WeakMap<ServiceLocator, McpHub>();

/**
 * Provide {@link mcpHubRef} from a plugin's options.
 * @example
 * export default definePlugin({ name: '@quiver/tool-use-mcp-tool', tools: [useMcpTool], register: provideMcpHub });
 */
export function provideMcpHub(context: Pick<PluginContext, 'options' | 'provide'>): void {
  const options = context.options as McpPluginOptions;
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
