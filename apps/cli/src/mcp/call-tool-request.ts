import { CallToolRequestParamsSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/**
 * The `tools/call` request schema the server registers its handler with. The SDK's own schema
 * turns bad params into -32603 with a multi-line zod dump; this one answers -32602 (Invalid
 * params) with one line saying what is wrong, and leaves the rest of the checking to the SDK.
 * (Throwing from the refinement is what makes the SDK send the McpError's code.)
 */
export const CallToolRequestLooseSchema = z
  .object({ method: z.literal('tools/call'), params: z.unknown() })
  .passthrough()
  .superRefine((request) => {
    const parsed = CallToolRequestParamsSchema.safeParse(request.params ?? {});
    if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, `Invalid tools/call params: ${oneLine(parsed.error.issues)}`);
  });

/** A parsed `tools/call` request (what the handler receives). */
export interface CallToolRequestLike {
  params?: { name?: unknown; arguments?: unknown };
}

function oneLine(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : 'params'}: ${i.message.replace(/\s+/g, ' ')}`)
    .join('; ');
}
