/**
 * The hub's state for one configured server: its resolved settings (or why they are invalid)
 * and its lazily opened connection. A connection is opened on first use, shared by
 * concurrent callers, and opened again after the server goes away.
 */
import type { Notification } from '@modelcontextprotocol/sdk/types.js';
import { quiverError, type QuiverError } from '@quiver/core';
import { openConnection, type ClientIdentity, type McpConnection } from './mcp-connection.js';
import type { ResolvedServer } from './server-config.js';
import { MCP_ERRORS } from './mcp-errors.js';

/** Where a server's connection stands. */
export type McpServerState = 'disconnected' | 'connecting' | 'connected' | 'failed' | 'disabled' | 'invalid';

/** What the hub reports about one server. */
export interface McpServerStatus {
  readonly name: string;
  readonly state: McpServerState;
  readonly disabled: boolean;
  /** The transport in use once connected (`stdio`, `streamableHttp`, `sse`). */
  readonly transport?: string;
  /** The last connection error, or why the entry is invalid. */
  readonly error?: string;
  readonly autoApprove: readonly string[];
  readonly timeoutMs: number;
}

/** One server's entry in the hub. */
export interface ServerEntry {
  readonly name: string;
  /** Undefined when the entry is invalid (see `invalid`). */
  readonly server?: ResolvedServer;
  readonly invalid?: QuiverError;
  /** Take new settings that keep the same connection (autoApprove, timeout). */
  update(server: ResolvedServer): void;
  /** The open connection, opening it when needed. */
  connect(signal?: AbortSignal): Promise<McpConnection>;
  status(): McpServerStatus;
  /** Close the connection and refuse further use (the entry was removed or replaced). */
  retire(): Promise<void>;
}

/** Create an entry. `onNotification` receives the server's notifications with its name. */
export function createServerEntry(
  name: string,
  initial: { server?: ResolvedServer; invalid?: QuiverError },
  identity: ClientIdentity,
  onNotification: (server: string, notification: Notification) => void,
): ServerEntry {
  return new Entry(name, initial, identity, onNotification);
}

class Entry implements ServerEntry {
  private connection?: McpConnection;
  private pending?: Promise<McpConnection>;
  private lastError?: string;
  private retired = false;

  constructor(
    readonly name: string,
    private resolved: { server?: ResolvedServer; invalid?: QuiverError },
    private readonly identity: ClientIdentity,
    private readonly onNotification: (server: string, notification: Notification) => void,
  ) {}

  get server(): ResolvedServer | undefined {
    return this.resolved.server;
  }

  get invalid(): QuiverError | undefined {
    return this.resolved.invalid;
  }

  update(server: ResolvedServer): void {
    this.resolved = { server };
  }

  connect(signal?: AbortSignal): Promise<McpConnection> {
    if (this.resolved.invalid) return Promise.reject(this.resolved.invalid);
    if (this.connection) return Promise.resolve(this.connection);
    // Concurrent first uses share one attempt.
    this.pending ??= this.open(this.resolved.server!, signal);
    return this.pending;
  }

  status(): McpServerStatus {
    const { server, invalid } = this.resolved;
    const state: McpServerState = invalid
      ? 'invalid'
      : server?.disabled
        ? 'disabled'
        : this.connection
          ? 'connected'
          : this.pending
            ? 'connecting'
            : this.lastError
              ? 'failed'
              : 'disconnected';
    return Object.freeze({
      name: this.name,
      state,
      disabled: server?.disabled ?? false,
      transport: this.connection?.transport,
      error: invalid?.message ?? this.lastError,
      autoApprove: server?.autoApprove ?? [],
      timeoutMs: server?.timeoutMs ?? 0,
    });
  }

  async retire(): Promise<void> {
    this.retired = true;
    const current = this.connection ?? (await this.pending?.catch(() => undefined));
    this.connection = undefined;
    await current?.close();
  }

  private async open(server: ResolvedServer, signal?: AbortSignal): Promise<McpConnection> {
    try {
      const made: McpConnection = await openConnection(
        server,
        this.identity,
        {
          // A server that goes away is opened again on its next use.
          onClose: () => {
            if (this.connection === made) this.connection = undefined;
          },
          onNotification: (n) => this.onNotification(this.name, n),
        },
        signal,
      );
      if (this.retired) {
        await made.close();
        throw quiverError(
          MCP_ERRORS.MCP_SERVER_UNKNOWN,
          `MCP server '${this.name}' was removed from the config while connecting. Use a server that is still configured.`,
          { key: `mcpServers.${this.name}` },
        );
      }
      this.connection = made;
      this.lastError = undefined;
      return made;
    } catch (e) {
      this.lastError = e instanceof Error ? e.message : String(e);
      throw e;
    } finally {
      this.pending = undefined;
    }
  }
}
