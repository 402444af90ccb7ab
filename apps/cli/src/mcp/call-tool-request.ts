import { CallToolRequestParamsSchema, ErrorCode, McpError, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';

/** The tool and arguments of a `tools/call` request. */
export interface ToolCallParams {
  name: string;
  args: Record<string, unknown>;
}

/**
 * The tool and arguments of a `tools/call` request, checked by the SDK's params schema. Bad
 * params throw McpError -32602 (Invalid params) with one line saying what is wrong, not the
 * SDK's multi-line zod dump. The request itself was checked by the transport (a JSON-RPC
 * request with a string method), so only the params are looked at here.
 */
export function toolCallParams(request: JSONRPCRequest): ToolCallParams {
  const parsed = CallToolRequestParamsSchema.safeParse(request.params ?? {});
  if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, `Invalid tools/call params: ${oneLine(parsed.error.issues)}`);
  const params = request.params as { name: string; arguments?: Record<string, unknown> };
  return { name: params.name, args: params.arguments ?? {} };
}

/**
 * What the SDK answers a request no handler takes: -32601 with exactly this message (an
 * McpError would prefix it with "MCP error -32601:").
 */
export function methodNotFound(): Error & { code: number } {
  return Object.assign(new Error('Method not found'), { code: ErrorCode.MethodNotFound });
}

function oneLine(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : 'params'}: ${i.message.replace(/\s+/g, ' ')}`)
    .join('; ');
}
