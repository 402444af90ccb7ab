/**
 * The MCP hub: the client side of every server in the config's `mcpServers` (SPEC Part B
 * §16.16, Part A "Other tools"). Servers connect lazily on first use; the config file, when
 * given, is watched, and added, removed or changed servers are reconnected.
 */
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { QuiverError } from '@quiver/core';
import type { ClientIdentity, McpConnection } from './mcp-connection.js';
import { McpHubImpl } from './mcp-hub-impl.js';
import type { McpServerStatus } from './server-entry.js';

export { LIST_TIMEOUT_MS } from './mcp-hub-impl.js';

/** Options of {@link createMcpHub}. */
export interface McpHubOptions {
  /** The `mcpServers` object (name → entry). A watched JSON `watchFile` replaces it. */
  servers?: Record<string, unknown>;
  /** A config file whose `mcpServers` is read at start and, for JSON files, watched. */
  watchFile?: string;
  /** Variables `${env:VAR}` expands from. @default process.env */
  env?: Readonly<Record<string, string | undefined>>;
  /** Where a relative `cwd` of a stdio server is resolved. @default the watched file's folder, else process.cwd() */
  baseDir?: string;
  /** The client name and version sent in `initialize`. */
  identity?: ClientIdentity;
  /** Called when a watched file cannot be read; the servers in use are kept. */
  onConfigError?(error: QuiverError): void;
}

/** A server's tool, as listed. */
export interface McpToolInfo {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  /** The server's display name for the tool, if it gives one. */
  title?: string;
  /** The server's behaviour hints (MCP `ToolAnnotations`), as the server states them (untrusted). */
  annotations?: Record<string, unknown>;
  /** In the server's `autoApprove` list. */
  autoApprove: boolean;
}

/** A server notification, with the server it came from. */
export interface McpHubNotification {
  server: string;
  method: string;
  params?: Record<string, unknown>;
}

/** Per-request options. */
export interface McpRequestOptions {
  signal?: AbortSignal;
  /** Progress notifications of this request. */
  onProgress?(progress: number, total?: number, message?: string): void;
}

/** The result of a tool call; `content` is always an array. */
export interface McpToolCallResult {
  content: Record<string, unknown>[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

/** The hub. Every method that names a server throws the baseline's errors for unknown or disabled ones. */
export interface McpHub {
  /** Resolves once the initial config has been read. */
  readonly ready: Promise<void>;
  /** Every configured server, in config order. */
  servers(): McpServerStatus[];
  /** True when `tool` is in `server`'s `autoApprove` list. */
  isAutoApproved(server: string, tool: string): boolean;
  /**
   * How `server`'s tools outside `autoApprove` are approved: `ask` (the default: every call is
   * asked, whatever approval.useMcp says) or `useMcp` (the config opted this server out).
   * `ask` for an unknown server.
   */
  approvalOf(server: string): 'ask' | 'useMcp';
  /** Open (or reuse) the server's connection. */
  connect(server: string, signal?: AbortSignal): Promise<McpConnection>;
  listTools(server: string, signal?: AbortSignal): Promise<McpToolInfo[]>;
  /** Resources and resource templates (`uriTemplate`), listed within 5 s. */
  listResources(
    server: string,
    signal?: AbortSignal,
  ): Promise<{ uri?: string; uriTemplate?: string; name: string; description?: string; mimeType?: string }[]>;
  /** `tools/call` with the server's timeout; undefined arguments are sent as `{}`. */
  callTool(server: string, tool: string, args?: Record<string, unknown>, options?: McpRequestOptions): Promise<McpToolCallResult>;
  /** `resources/read` with the server's timeout. */
  readResource(server: string, uri: string, options?: McpRequestOptions): Promise<ReadResourceResult>;
  /** Replace the servers: removed ones close, changed ones reconnect on next use. */
  setServers(servers: Record<string, unknown>): Promise<void>;
  /** Re-read the watched file now. */
  reload(): Promise<void>;
  /** Listen to every server's notifications; returns the unsubscribe function. */
  onNotification(listener: (notification: McpHubNotification) => void): () => void;
  /** Stop watching and close every connection. */
  close(): Promise<void>;
}

/**
 * Create a hub. Nothing connects until a server is used.
 * @example
 * const hub = createMcpHub({ servers: { everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } } });
 * const result = await hub.callTool('everything', 'echo', { message: 'hi' });
 */
export function createMcpHub(options: McpHubOptions = {}): McpHub {
  return new McpHubImpl(options);
}
