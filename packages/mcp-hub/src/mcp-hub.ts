/**
 * The MCP hub: the client side of every server in the config's `mcpServers` (SPEC Part B
 * §16.16, Part A "Other tools"). Servers connect lazily on first use; the config file, when
 * given, is watched, and added, removed or changed servers are reconnected.
 */
import { dirname } from 'node:path';
import type { Notification, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { ERROR_CODES, isQuiverError, quiverError, type QuiverError } from '@quiver/core';
import type { ClientIdentity, McpConnection } from './mcp-connection.js';
import { mcpRequest } from './mcp-request.js';
import { isRereadable, readServersFile } from './read-servers-file.js';
import { connectionKey, resolveServer, type ResolvedServer } from './server-config.js';
import { createServerEntry, type McpServerStatus, type ServerEntry } from './server-entry.js';
import { watchFile } from './watch-file.js';

/** How long listing a server's tools or resources may take (SPEC Part B §16.16). */
export const LIST_TIMEOUT_MS = 5000;

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
  /** Open (or reuse) the server's connection. */
  connect(server: string, signal?: AbortSignal): Promise<McpConnection>;
  listTools(server: string, signal?: AbortSignal): Promise<McpToolInfo[]>;
  /** Resources and resource templates (`uriTemplate`), listed within 5 s. */
  listResources(server: string, signal?: AbortSignal): Promise<{ uri?: string; uriTemplate?: string; name: string; description?: string; mimeType?: string }[]>;
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
  const env = options.env ?? process.env;
  const baseDir = options.baseDir ?? (options.watchFile ? dirname(options.watchFile) : process.cwd());
  const identity = options.identity ?? { name: 'quiver', version: '0.1.0' };
  const listeners = new Set<(n: McpHubNotification) => void>();
  const entries = new Map<string, ServerEntry>();
  let stopWatching: (() => void) | undefined;
  let closed = false;

  const emit = (server: string, n: Notification) => {
    for (const l of listeners) l({ server, method: n.method, params: n.params as Record<string, unknown> | undefined });
  };
  const resolveEntry = (name: string, raw: unknown): { server?: ResolvedServer; invalid?: QuiverError } => {
    try {
      return { server: resolveServer(name, raw, { env, baseDir }) };
    } catch (e) {
      if (isQuiverError(e)) return { invalid: e };
      throw e;
    }
  };

  const setServers = async (servers: Record<string, unknown>) => {
    const retiring: ServerEntry[] = [];
    const next = new Map<string, ServerEntry>();
    for (const [name, raw] of Object.entries(servers)) {
      const resolved = resolveEntry(name, raw);
      const old = entries.get(name);
      if (old && keepsConnection(old, resolved.server)) {
        old.update(resolved.server!);
        next.set(name, old);
        continue;
      }
      if (old) retiring.push(old);
      next.set(name, createServerEntry(name, resolved, identity, emit));
    }
    for (const [name, old] of entries) if (!next.has(name)) retiring.push(old);
    entries.clear();
    for (const [name, entry] of next) entries.set(name, entry);
    await Promise.all(retiring.map((e) => e.retire()));
  };

  const reload = async () => {
    if (!options.watchFile || closed) return;
    try {
      await setServers(await readServersFile(options.watchFile));
    } catch (e) {
      if (!isQuiverError(e)) throw e;
      options.onConfigError?.(e);
    }
  };

  const ready = (async () => {
    // A module config (.ts/.js) cannot be re-read after a change, so its servers, when the
    // host passed them, are taken as given; a JSON file is the source and is watched.
    if (!options.watchFile || (options.servers && !isRereadable(options.watchFile))) return setServers(options.servers ?? {});
    await reload();
    if (isRereadable(options.watchFile) && !closed) stopWatching = watchFile(options.watchFile, () => void reload().catch(() => {}));
  })();

  const entryFor = async (name: string): Promise<ServerEntry & { server: ResolvedServer }> => {
    await ready;
    const entry = entries.get(name);
    if (!entry) throw unknownServer(name, [...entries.keys()]);
    if (entry.invalid) throw entry.invalid;
    if (entry.server!.disabled) throw quiverError(ERROR_CODES.MCP_SERVER_DISABLED, `Server "${name}" is disabled and cannot be used. Use another server, or ask the user to enable it in mcpServers.`, { key: `mcpServers.${name}` });
    return entry as ServerEntry & { server: ResolvedServer };
  };
  const connected = async (name: string, signal?: AbortSignal) => {
    const entry = await entryFor(name);
    return { server: entry.server, connection: await entry.connect(signal) };
  };

  return {
    ready,
    servers: () => [...entries.values()].map((e) => e.status()),
    isAutoApproved: (server, tool) => entries.get(server)?.server?.autoApprove.includes(tool) ?? false,
    connect: async (name, signal) => (await connected(name, signal)).connection,
    async listTools(name, signal) {
      const { server, connection } = await connected(name, signal);
      const listed = await mcpRequest(server, 'tools/list', { signal, timeoutMs: LIST_TIMEOUT_MS }, (o) => connection.client.listTools(undefined, o));
      return listed.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema as Record<string, unknown>, autoApprove: server.autoApprove.includes(t.name) }));
    },
    async listResources(name, signal) {
      const { server, connection } = await connected(name, signal);
      const { client } = connection;
      if (!client.getServerCapabilities()?.resources) return [];
      const opts = { signal, timeoutMs: LIST_TIMEOUT_MS };
      const [plain, templates] = await Promise.all([
        mcpRequest(server, 'resources/list', opts, (o) => client.listResources(undefined, o)),
        mcpRequest(server, 'resources/templates/list', opts, (o) => client.listResourceTemplates(undefined, o)).catch(() => ({ resourceTemplates: [] })),
      ]);
      return [...plain.resources, ...templates.resourceTemplates];
    },
    async callTool(name, tool, args, requestOptions = {}) {
      const { server, connection } = await connected(name, requestOptions.signal);
      const result = await mcpRequest(server, `tools/call '${tool}'`, requestOptions, (o) => connection.client.callTool({ name: tool, arguments: args ?? {} }, undefined, o));
      return { ...(result as McpToolCallResult), content: (result.content as Record<string, unknown>[] | undefined) ?? [] };
    },
    async readResource(name, uri, requestOptions = {}) {
      const { server, connection } = await connected(name, requestOptions.signal);
      return mcpRequest(server, `resources/read '${uri}'`, requestOptions, (o) => connection.client.readResource({ uri }, o));
    },
    setServers,
    reload,
    onNotification(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async close() {
      closed = true;
      stopWatching?.();
      await ready.catch(() => {});
      const all = [...entries.values()];
      entries.clear();
      await Promise.all(all.map((e) => e.retire()));
    },
  };
}

/** Same connection settings and still enabled: keep the connection, take the new autoApprove/timeout. */
function keepsConnection(old: ServerEntry, next: ResolvedServer | undefined): boolean {
  return !!(old.server && next && !next.disabled && !old.server.disabled && connectionKey(old.server) === connectionKey(next));
}

function unknownServer(name: string, known: string[]) {
  const list = known.length ? ` Configured servers: ${known.join(', ')}.` : ' No MCP servers are configured.';
  return quiverError(
    ERROR_CODES.MCP_SERVER_UNKNOWN,
    `No connection found for server: ${name}. Please make sure to use MCP servers available under 'Connected MCP Servers'.${list}`,
    { key: `mcpServers.${name}` },
  );
}
