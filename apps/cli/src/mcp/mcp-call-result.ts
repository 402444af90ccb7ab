import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolResult } from '@quiver/core';

/** The `_meta` key carrying an error result's stable `QUIVER_ERR_*` code. */
export const ERROR_CODE_META_KEY = 'quiver/errorCode';

/**
 * A Quiver result as an MCP `CallToolResult`: text and image blocks one for one, `isError`
 * kept. An error result's code travels in `_meta` so clients can branch on it without
 * parsing the text.
 */
export function toCallToolResult(result: ToolResult): CallToolResult {
  const content: CallToolResult['content'] = result.content.map((block) =>
    block.type === 'text' ? { type: 'text', text: block.text } : { type: 'image', data: block.data, mimeType: block.mimeType },
  );
  const out: CallToolResult = { content, isError: result.isError };
  if (result.isError && result.code) out._meta = { [ERROR_CODE_META_KEY]: result.code };
  return out;
}

/** An error result for a call the server refuses before any tool runs (unknown or hidden tool). */
export function errorCallResult(text: string, code?: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true, ...(code ? { _meta: { [ERROR_CODE_META_KEY]: code } } : {}) };
}
