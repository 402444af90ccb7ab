/**
 * One request to a server with its time limit, the caller's abort signal and progress, and
 * the SDK's failures turned into Quiver errors that say what to do next.
 */
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ERROR_CODES, isQuiverError, quiverError } from '@quiver/core';
import { isTimeout } from './mcp-connection.js';
import type { ResolvedServer } from './server-config.js';
import { MCP_ERRORS } from './mcp-errors.js';

/** The limits of one request. */
export interface RequestLimits {
  signal?: AbortSignal;
  /** @default the server's timeout */
  timeoutMs?: number;
  onProgress?(progress: number, total?: number, message?: string): void;
}

/**
 * Run `send` with SDK request options built from `limits`. A time-out becomes
 * `QUIVER_ERR_TOOL_TIMEOUT`, an abort `QUIVER_ERR_TOOL_ABORTED`, a closed connection
 * `QUIVER_ERR_MCP_CONNECT_FAILED`, anything else `QUIVER_ERR_MCP_CALL_FAILED`.
 */
export async function mcpRequest<T>(
  server: ResolvedServer,
  what: string,
  limits: RequestLimits,
  send: (options: RequestOptions) => Promise<T>,
): Promise<T> {
  const timeoutMs = limits.timeoutMs ?? server.timeoutMs;
  const onProgress = limits.onProgress;
  try {
    return await send({
      timeout: timeoutMs,
      signal: limits.signal,
      onprogress: onProgress ? (p) => onProgress(p.progress, p.total, p.message) : undefined,
    });
  } catch (e) {
    throw requestError(server, what, timeoutMs, e, limits.signal);
  }
}

function requestError(server: ResolvedServer, what: string, timeoutMs: number, e: unknown, signal?: AbortSignal) {
  if (isQuiverError(e)) return e;
  const message = e instanceof Error ? e.message : String(e);
  // The SDK reports an abort as a RequestTimeout error too, so the signal is checked first.
  if (signal?.aborted)
    return quiverError(ERROR_CODES.TOOL_ABORTED, `The MCP request ${what} to '${server.name}' was cancelled.`, { cause: e });
  if (isTimeout(e)) {
    return quiverError(
      ERROR_CODES.TOOL_TIMEOUT,
      `MCP server '${server.name}' did not answer ${what} within ${timeoutMs / 1000} s. Retry with a smaller request, or ask the user to raise the server's "timeout" in mcpServers.`,
      { cause: e },
    );
  }
  // -32000: the SDK's ConnectionClosed — the process exited or the server hung up.
  if ((e as { code?: unknown }).code === -32000) {
    return quiverError(
      MCP_ERRORS.MCP_CONNECT_FAILED,
      `MCP server '${server.name}' closed the connection during ${what}: ${message}. It reconnects on the next call; retry once.`,
      { cause: e },
    );
  }
  return quiverError(MCP_ERRORS.MCP_CALL_FAILED, `MCP server '${server.name}' failed ${what}: ${message}`, { cause: e });
}
