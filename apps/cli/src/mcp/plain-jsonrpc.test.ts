import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { plainRequest } from './plain-jsonrpc.js';

/** Lines as a client could send them; each is judged by plainRequest and by the SDK's schema. */
const LINES = [
  '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"a.txt"}}}',
  '{"jsonrpc":"2.0","id":"abc","method":"tools/list"}',
  '{"jsonrpc":"2.0","id":0,"method":"ping","params":{}}',
  '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3,"reason":"x"}}',
  '{"method":"tools/call","jsonrpc":"2.0","params":{"name":"x"},"id":7}',
  // Not plain: each must go to the schema (which may accept or refuse it).
  '{"jsonrpc":"2.0","id":1.5,"method":"ping"}',
  '{"jsonrpc":"2.0","id":null,"method":"ping"}',
  '{"jsonrpc":"2.0","id":true,"method":"ping"}',
  '{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}',
  '{"jsonrpc":"1.0","id":1,"method":"ping"}',
  '{"id":1,"method":"ping"}',
  '{"jsonrpc":"2.0","id":1,"method":5}',
  '{"jsonrpc":"2.0","id":1,"method":"ping","params":[]}',
  '{"jsonrpc":"2.0","id":1,"method":"ping","params":null}',
  '{"jsonrpc":"2.0","id":1,"method":"ping","params":"x"}',
  '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":{"progressToken":1}}}',
  '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":{"progressToken":1.5}}}',
  '{"jsonrpc":"2.0","id":1,"method":"ping","extra":1}',
  '{"jsonrpc":"2.0","id":1,"method":"ping","__proto__":{"x":1}}',
  '{"jsonrpc":"2.0","id":1,"result":{}}',
  '{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"no"}}',
  '{"jsonrpc":"2.0","id":1,"method":"ping","result":{}}',
  '"x"',
  'null',
  '3',
];

describe('plainRequest', () => {
  it.each(LINES)('agrees with JSONRPCMessageSchema on %s', (line) => {
    const value = JSON.parse(line) as unknown;
    const plain = plainRequest(value);
    const parsed = JSONRPCMessageSchema.safeParse(JSON.parse(line));
    // What the fast path accepts, the schema accepts, and hands on the same message.
    if (plain) {
      expect(parsed.success).toBe(true);
      expect(plain).toEqual(parsed.data);
    }
  });

  it('takes the plain requests and notifications every call is, and nothing with _meta, a response or an odd id', () => {
    const taken = LINES.filter((line) => plainRequest(JSON.parse(line) as unknown) !== undefined);
    expect(taken).toEqual(LINES.slice(0, 6));
  });
});
