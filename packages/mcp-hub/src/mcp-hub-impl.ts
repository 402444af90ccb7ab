/**
 * The hub's implementation (not public: `createMcpHub` returns it as an `McpHub`). It keeps
 * one entry per configured server, replaces entries when the config changes, and routes
 * every request through the entry's lazily opened connection.
 */
import { dirname } from 'node:path';
import type { Notification, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { isQuiverError, quiverError, type QuiverError } from '@quiver/core';
import type { ClientIdentity, McpConnection } from './mcp-connection.js';
import type { McpHub, McpHubNotification, McpHubOptions, McpRequestOptions, McpToolCallResult, McpToolInfo } from './mcp-hub.js';
import { mcpRequest } from './mcp-request.js';
import { isRereadable, readServersFile } from './read-servers-file.js';
import { connectionKey, resolveServer, type ResolvedServer } from './server-config.js';
import { createServerEntry, type McpServerStatus, type ServerEntry } from './server-entry.js';
import { watchFile } from './watch-file.js';
import { MCP_ERRORS } from './mcp-errors.js';

/** How long listing a server's tools or resources may take (SPEC Part B §16.16). */
export const LIST_TIMEOUT_MS = 5000;

type Resolved = { server?: ResolvedServer; invalid?: QuiverError };

/** @internal The hub behind {@link McpHub}. */
export class McpHubImpl implements McpHub {
  readonly ready: Promise<void>;
  private readonly entries = new Map<string, ServerEntry>();
  private readonly listeners = new Set<(n: McpHubNotification) => void>();
  private readonly env: Readonly<Record<string, string | undefined>>;
  private readonly baseDir: string;
  private readonly identity: ClientIdentity;
  private stopWatching?: () => void;
  private closed = false;

  constructor(private readonly options: McpHubOptions) {
    this.env = options.env ?? process.env;
    this.baseDir = options.baseDir ?? (options.watchFile ? dirname(options.watchFile) : process.cwd());
    this.identity = options.identity ?? { name: 'quiver', version: '0.1.0' };
    this.ready = this.start();
  }

  servers(): McpServerStatus[] {
    return [...this.entries.values()].map((e) => e.status());
  }

  isAutoApproved(server: string, tool: string): boolean {
    return this.entries.get(server)?.server?.autoApprove.includes(tool) ?? false;
  }

  approvalOf(server: string): 'ask' | 'useMcp' {
    return this.entries.get(server)?.server?.approval ?? 'ask';
  }

  async connect(name: string, signal?: AbortSignal): Promise<McpConnection> {
    return (await this.connected(name, signal)).connection;
  }

  async listTools(name: string, signal?: AbortSignal): Promise<McpToolInfo[]> {
    const { server, connection } = await this.connected(name, signal);
    const listed = await mcpRequest(server, 'tools/list', { signal, timeoutMs: LIST_TIMEOUT_MS }, (o) =>
      connection.client.listTools(undefined, o),
    );
    return listed.tools.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema as Record<string, unknown>,
      ...(t.title ? { title: t.title } : {}),
      ...(t.annotations ? { annotations: t.annotations as Record<string, unknown> } : {}),
      autoApprove: server.autoApprove.includes(t.name),
    }));
  }

  async listResources(name: string, signal?: AbortSignal) {
    const { server, connection } = await this.connected(name, signal);
    const { client } = connection;
    if (!client.getServerCapabilities()?.resources) return [];
    const opts = { signal, timeoutMs: LIST_TIMEOUT_MS };
    const [plain, templates] = await Promise.all([
      mcpRequest(server, 'resources/list', opts, (o) => client.listResources(undefined, o)),
      // Templates are optional in the protocol; a server without them still lists resources.
      mcpRequest(server, 'resources/templates/list', opts, (o) => client.listResourceTemplates(undefined, o)).catch(() => ({
        resourceTemplates: [],
      })),
    ]);
    return [...plain.resources, ...templates.resourceTemplates];
  }

  async callTool(name: string, tool: string, args?: Record<string, unknown>, options: McpRequestOptions = {}): Promise<McpToolCallResult> {
    const { server, connection } = await this.connected(name, options.signal);
    const result = await mcpRequest(server, `tools/call '${tool}'`, options, (o) =>
      connection.client.callTool({ name: tool, arguments: args ?? {} }, undefined, o),
    );
    return { ...(result as McpToolCallResult), content: (result.content as Record<string, unknown>[] | undefined) ?? [] };
  }

  async readResource(name: string, uri: string, options: McpRequestOptions = {}): Promise<ReadResourceResult> {
    const { server, connection } = await this.connected(name, options.signal);
    return mcpRequest(server, `resources/read '${uri}'`, options, (o) => connection.client.readResource({ uri }, o));
  }

  /** Replace the servers: unchanged connections are kept, the rest retired after the swap. */
  async setServers(servers: Record<string, unknown>): Promise<void> {
    const retiring: ServerEntry[] = [];
    const next = new Map<string, ServerEntry>();
    for (const [name, raw] of Object.entries(servers)) {
      const resolved = this.resolve(name, raw);
      const old = this.entries.get(name);
      if (old && keepsConnection(old, resolved.server)) {
        old.update(resolved.server!);
        next.set(name, old);
        continue;
      }
      if (old) retiring.push(old);
      next.set(
        name,
        createServerEntry(name, resolved, this.identity, (server, n) => this.emit(server, n)),
      );
    }
    for (const [name, old] of this.entries) if (!next.has(name)) retiring.push(old);
    this.entries.clear();
    for (const [name, entry] of next) this.entries.set(name, entry);
    await Promise.all(retiring.map((e) => e.retire()));
  }

  async reload(): Promise<void> {
    if (!this.options.watchFile || this.closed) return;
    try {
      await this.setServers(await readServersFile(this.options.watchFile));
    } catch (e) {
      if (!isQuiverError(e)) throw e;
      this.options.onConfigError?.(e);
    }
  }

  onNotification(listener: (notification: McpHubNotification) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopWatching?.();
    await this.ready.catch(() => {});
    const all = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(all.map((e) => e.retire()));
  }

  private async start(): Promise<void> {
    const { watchFile: file, servers } = this.options;
    // A module config (.ts/.js) cannot be re-read after a change, so its servers, when the
    // host passed them, are taken as given; a JSON file is the source and is watched.
    if (!file || (servers && !isRereadable(file))) return this.setServers(servers ?? {});
    await this.reload();
    if (isRereadable(file) && !this.closed) this.stopWatching = watchFile(file, () => void this.reload().catch(() => {}));
  }

  private resolve(name: string, raw: unknown): Resolved {
    try {
      return { server: resolveServer(name, raw, { env: this.env, baseDir: this.baseDir }) };
    } catch (e) {
      if (isQuiverError(e)) return { invalid: e };
      throw e;
    }
  }

  private emit(server: string, n: Notification): void {
    for (const l of this.listeners) l({ server, method: n.method, params: n.params as Record<string, unknown> | undefined });
  }

  /** The usable entry for a name: unknown, invalid and disabled servers are errors. */
  private async connected(name: string, signal?: AbortSignal): Promise<{ server: ResolvedServer; connection: McpConnection }> {
    await this.ready;
    const entry = this.entries.get(name);
    if (!entry) throw unknownServer(name, [...this.entries.keys()]);
    if (entry.invalid) throw entry.invalid;
    const server = entry.server!;
    if (server.disabled) {
      throw quiverError(
        MCP_ERRORS.MCP_SERVER_DISABLED,
        `Server "${name}" is disabled and cannot be used. Use another server, or ask the user to enable it in mcpServers.`,
        { key: `mcpServers.${name}` },
      );
    }
    return { server, connection: await entry.connect(signal) };
  }
}

/** Same connection settings and still enabled: keep the connection, take the new autoApprove/timeout. */
function keepsConnection(old: ServerEntry, next: ResolvedServer | undefined): boolean {
  return !!(old.server && next && !next.disabled && !old.server.disabled && connectionKey(old.server) === connectionKey(next));
}

function unknownServer(name: string, known: string[]) {
  const list = known.length ? ` Configured servers: ${known.join(', ')}.` : ' No MCP servers are configured.';
  return quiverError(
    MCP_ERRORS.MCP_SERVER_UNKNOWN,
    `No connection found for server: ${name}. Please make sure to use MCP servers available under 'Connected MCP Servers'.${list}`,
    { key: `mcpServers.${name}` },
  );
}
