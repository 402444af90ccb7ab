import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { plainRequest } from './plain-jsonrpc.js';
import { BATCH_REFUSED, DEFAULT_MAX_MESSAGE_BYTES, JSONRPC, messageTooLarge } from './mcp-limits.js';

/** Bytes of an oversized line kept to find its `id`, so the error can answer that request. */
const ID_PROBE_BYTES = 4096;

/**
 * The stdio transport of `quiver mcp`: newline-delimited JSON-RPC that never wedges. A line
 * over `maxMessageBytes` is skipped as it streams in (never buffered whole) and answered with
 * a JSON-RPC error naming the limit; a line that is not JSON gets -32700; a batch or a
 * non-JSON-RPC object gets -32600 (as over HTTP). Errors carry the request's id when one can
 * be read, so the client's request does not hang; the server keeps answering afterwards.
 * Chunks are kept in a list and joined once per line, so a large message costs linear time.
 */
export class QuiverStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private size = 0;
  /** The line being read is over the limit: its bytes are counted, not kept (beyond the id probe). */
  private oversized = false;
  private probe = '';
  private started = false;
  private readonly limit: number;

  constructor(
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
    options: { maxMessageBytes?: number } = {},
  ) {
    this.limit = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('QuiverStdioTransport already started.');
    this.started = true;
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.chunks = [];
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  private readonly onStreamError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string) => {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let nl = buf.indexOf(0x0a); nl !== -1; nl = buf.indexOf(0x0a)) {
      this.take(buf.subarray(0, nl));
      this.endLine();
      buf = buf.subarray(nl + 1);
    }
    if (buf.length) this.take(buf);
  };

  /** Add bytes to the current line, switching to counting-only once it passes the limit. */
  private take(part: Buffer): void {
    this.size += part.length;
    if (this.oversized) return;
    if (this.size > this.limit) {
      this.oversized = true;
      this.probe = Buffer.concat([...this.chunks, part])
        .subarray(0, ID_PROBE_BYTES)
        .toString('utf8');
      this.chunks = [];
      return;
    }
    this.chunks.push(part);
  }

  private endLine(): void {
    const { oversized, size, probe } = this;
    const line = oversized ? '' : Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    this.oversized = false;
    this.probe = '';
    if (oversized)
      return this.refuse(probeId(probe), JSONRPC.INVALID_REQUEST, messageTooLarge(size, this.limit), { limit: this.limit, size });
    if (!line.trim()) return;
    this.dispatch(line);
  }

  private dispatch(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      return this.refuse(null, JSONRPC.PARSE_ERROR, `Parse error: the line is not valid JSON (${(e as Error).message}).`);
    }
    if (Array.isArray(value)) return this.refuse(null, JSONRPC.INVALID_REQUEST, BATCH_REFUSED);
    const plain = plainRequest(value);
    if (plain) return void this.onmessage?.(plain);
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const id = idOf(value);
      // A notification or response that does not parse has nobody to answer: report it only.
      if (id === undefined && !hasMethod(value))
        return void this.onerror?.(new Error(`Invalid JSON-RPC message ignored: ${line.slice(0, 200)}`));
      return this.refuse(
        id ?? null,
        JSONRPC.INVALID_REQUEST,
        'Invalid request: not a JSON-RPC 2.0 message (needs "jsonrpc": "2.0", a "method" and, for a request, an "id").',
      );
    }
    this.onmessage?.(parsed.data);
  }

  private refuse(id: string | number | null, code: number, message: string, data?: unknown): void {
    void this.send({ jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } } as unknown as JSONRPCMessage);
  }
}

function idOf(value: unknown): string | number | undefined {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : undefined;
}

function hasMethod(value: unknown): boolean {
  return typeof (value as { method?: unknown } | null)?.method === 'string';
}

/**
 * The top-level `id` of a request from the first bytes of its line, if it shows there. Only a
 * key at depth 1 counts (an `"id"` inside the arguments must not answer some other request).
 */
function probeId(head: string): string | number | null {
  let depth = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head[i];
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === '"') {
      const end = stringEnd(head, i);
      if (end < 0) return null;
      const key = head.slice(i, end + 1);
      i = end;
      if (depth !== 1 || key !== '"id"') continue;
      const m = /^\s*:\s*(-?\d+(?:\.\d+)?(?=\s*[,}])|"(?:[^"\\]|\\.)*")/.exec(head.slice(end + 1));
      if (!m) continue;
      return JSON.parse(m[1]) as string | number;
    }
  }
  return null;
}

/** The index of the quote closing the string that opens at `start`, or -1 when it does not close within `text`. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}
