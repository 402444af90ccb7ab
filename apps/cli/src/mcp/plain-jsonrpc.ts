import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);

/**
 * `value` as a JSON-RPC request or notification when it is one of the plain kind every call
 * is: `jsonrpc` "2.0", a string method, a string or safe-integer id (none for a
 * notification), params absent or an object without `_meta`, no other key. Everything this
 * accepts, the SDK's JSONRPCMessageSchema accepts unchanged; anything else (responses,
 * `_meta`, odd shapes) is undefined and goes to that schema. The schema costs ~10-25 us a
 * message (a union of four strict objects), more than the rest of a small read's transport.
 */
export function plainRequest(value: unknown): JSONRPCMessage | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const m = value as Record<string, unknown>;
  if (m.jsonrpc !== '2.0' || typeof m.method !== 'string') return undefined;
  if ('id' in m && typeof m.id !== 'string' && !Number.isSafeInteger(m.id)) return undefined;
  const params = m.params;
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params) || '_meta' in params))
    return undefined;
  for (const key in m) if (!REQUEST_KEYS.has(key)) return undefined;
  return m as unknown as JSONRPCMessage;
}
