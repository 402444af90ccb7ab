/**
 * The hub's state for one configured server: its resolved settings (or why they are invalid)
 * and its lazily opened connection. A connection is opened on first use, shared by
 * concurrent callers, and opened again after the server goes away.
 */
import type { Notification } from '@modelcontextprotocol/sdk/types.js';
import type { QuiverError } from '@quiver/core';
import { openConnection, type ClientIdentity, type McpConnection } from './mcp-connection.js';
import type { ResolvedServer } from './server-config.js';

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
  let connection: McpConnection | undefined;
  let pending: Promise<McpConnection> | undefined;
  let lastError: string | undefined;
  let retired = false;
  let resolved = initial;

  const open = async (server: ResolvedServer, signal?: AbortSignal): Promise<McpConnection> => {
    try {
      const made = await openConnection(server, identity, {
        onClose: () => {
          if (connection === made) connection = undefined;
        },
        onNotification: (n) => onNotification(name, n),
      }, signal);
      if (retired) {
        await made.close();
        throw new Error(`MCP server '${name}' was removed from the config while connecting.`);
      }
      connection = made;
      lastError = undefined;
      return made;
    } catch (e) {
      lastError = e instanceof Error ? e.message : String(e);
      throw e;
    } finally {
      pending = undefined;
    }
  };

  return {
    name,
    get server() {
      return resolved.server;
    },
    get invalid() {
      return resolved.invalid;
    },
    update(server) {
      resolved = { server };
    },
    connect(signal) {
      if (resolved.invalid) return Promise.reject(resolved.invalid);
      if (connection) return Promise.resolve(connection);
      pending ??= open(resolved.server!, signal);
      return pending;
    },
    status() {
      const server = resolved.server;
      const state: McpServerState = resolved.invalid ? 'invalid' : server?.disabled ? 'disabled' : connection ? 'connected' : pending ? 'connecting' : lastError ? 'failed' : 'disconnected';
      return Object.freeze({
        name,
        state,
        disabled: server?.disabled ?? false,
        transport: connection?.transport,
        error: resolved.invalid?.message ?? lastError,
        autoApprove: server?.autoApprove ?? [],
        timeoutMs: server?.timeoutMs ?? 0,
      });
    },
    async retire() {
      retired = true;
      const current = connection ?? (await pending?.catch(() => undefined));
      connection = undefined;
      await current?.close();
    },
  };
}
