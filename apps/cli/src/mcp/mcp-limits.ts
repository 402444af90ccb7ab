/**
 * The largest JSON-RPC message a client may send, on stdio and HTTP alike (`mcp.maxMessageBytes`):
 * tool arguments may carry whole files (write_to_file's `content`), so it is generous.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 32 * 1024 * 1024;

/** How long an HTTP session may sit unused before it is closed (`mcp.sessionIdleTimeout`, seconds). */
export const DEFAULT_SESSION_IDLE_SECONDS = 30 * 60;

/** The message for a client message over the limit; names the limit and the setting. */
export function messageTooLarge(size: number, limit: number): string {
  return `Message too large: ${size} bytes, over the limit of ${limit} bytes (mcp.maxMessageBytes). Send smaller arguments, or raise mcp.maxMessageBytes in the server's config.`;
}

/** The message for a JSON-RPC batch, refused on stdio and HTTP alike. */
export const BATCH_REFUSED =
  'Invalid request: JSON-RPC batches are not supported (MCP 2025-06-18 removed them). Send one message at a time.';

/** The JSON-RPC error codes the transports answer with. */
export const JSONRPC = { PARSE_ERROR: -32700, INVALID_REQUEST: -32600, INVALID_PARAMS: -32602 } as const;
