/** One tool call in a scripted reply. */
export interface ScriptedToolCall {
  name: string;
  input: Record<string, unknown>;
  /** Stream this text as the arguments instead of `input` (to script malformed JSON). */
  rawInput?: string;
  /** The call id. @default generated */
  id?: string;
  /** How many pieces the input JSON is streamed in (partial blocks arrive per piece). @default 4 */
  chunks?: number;
}

/** One scripted model reply. */
export interface ScriptedReply {
  /** Assistant text, streamed in words. */
  text?: string;
  toolCalls?: ScriptedToolCall[];
  /** Answer with this HTTP status and an error body instead (e.g. 500, 401). */
  status?: number;
  /** Headers of an error reply (`retry-after`, `retry-after-ms`). */
  headers?: Record<string, string>;
  /** The error message of an error reply. @default 'Scripted failure' */
  error?: string;
  usage?: { input: number; output: number };
  /** Wait this long before answering (to hold requests in flight). */
  delayMs?: number;
}

/** A wire protocol: how a reply becomes server-sent events and how an error looks. */
export interface WireProtocol {
  /** The request path, below the base URL. */
  path: string;
  events(reply: ScriptedReply, n: number): string[];
  errorBody(status: number, message: string): unknown;
}

/** Split a string into about `n` pieces. */
export function pieces(text: string, n: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / Math.max(1, n)));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length ? out : [''];
}

const words = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];
const sse = (event: string | undefined, data: unknown) =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

/** Anthropic Messages API streaming (`POST /v1/messages`). */
export const anthropicWire: WireProtocol = {
  path: '/messages',
  events(reply, n) {
    const out = [
      sse('message_start', {
        type: 'message_start',
        message: {
          id: `msg_${n}`,
          type: 'message',
          role: 'assistant',
          model: 'scripted',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: reply.usage?.input ?? 10, output_tokens: 1 },
        },
      }),
    ];
    let index = 0;
    if (reply.text) {
      out.push(sse('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }));
      for (const w of words(reply.text))
        out.push(sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: w } }));
      out.push(sse('content_block_stop', { type: 'content_block_stop', index }));
      index++;
    }
    (reply.toolCalls ?? []).forEach((call, i) => {
      out.push(
        sse('content_block_start', {
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: call.id ?? `toolu_${n}_${i}`, name: call.name, input: {} },
        }),
      );
      for (const p of pieces(call.rawInput ?? JSON.stringify(call.input), call.chunks ?? 4))
        out.push(sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: p } }));
      out.push(sse('content_block_stop', { type: 'content_block_stop', index }));
      index++;
    });
    const stop = reply.toolCalls?.length ? 'tool_use' : 'end_turn';
    out.push(
      sse('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: stop, stop_sequence: null },
        usage: { output_tokens: reply.usage?.output ?? 5 },
      }),
    );
    out.push(sse('message_stop', { type: 'message_stop' }));
    return out;
  },
  errorBody: (status, message) => ({ type: 'error', error: { type: status === 401 ? 'authentication_error' : 'api_error', message } }),
};

/** OpenAI Chat Completions streaming (`POST /v1/chat/completions`); OpenAI-compatible servers speak it too. */
export const openaiWire: WireProtocol = {
  path: '/chat/completions',
  events(reply, n) {
    const chunk = (delta: unknown, finish: string | null = null) =>
      sse(undefined, {
        id: `chatcmpl-${n}`,
        object: 'chat.completion.chunk',
        created: 1,
        model: 'scripted',
        choices: [{ index: 0, delta, finish_reason: finish }],
      });
    const out = [chunk({ role: 'assistant', content: '' })];
    for (const w of words(reply.text ?? '')) out.push(chunk({ content: w }));
    (reply.toolCalls ?? []).forEach((call, i) => {
      out.push(
        chunk({
          tool_calls: [{ index: i, id: call.id ?? `call_${n}_${i}`, type: 'function', function: { name: call.name, arguments: '' } }],
        }),
      );
      for (const p of pieces(call.rawInput ?? JSON.stringify(call.input), call.chunks ?? 4))
        out.push(chunk({ tool_calls: [{ index: i, function: { arguments: p } }] }));
    });
    out.push(chunk({}, reply.toolCalls?.length ? 'tool_calls' : 'stop'));
    const input = reply.usage?.input ?? 10;
    const output = reply.usage?.output ?? 5;
    out.push(
      sse(undefined, {
        id: `chatcmpl-${n}`,
        object: 'chat.completion.chunk',
        created: 1,
        model: 'scripted',
        choices: [],
        usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
      }),
    );
    out.push(sse(undefined, '[DONE]'));
    return out;
  },
  errorBody: (status, message) => ({ error: { message, type: status === 401 ? 'invalid_request_error' : 'server_error', code: null } }),
};
