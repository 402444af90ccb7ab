import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicWire, openaiWire, type ScriptedReply, type WireProtocol } from './scripted-wire.js';

/** A request the scripted provider received. */
export interface ScriptedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (model, messages, tools...). */
  body: Record<string, unknown>;
}

/** Options of {@link createScriptedProvider}. */
export interface ScriptedProviderOptions {
  /** `anthropic` (Messages API) or `openai` (Chat Completions, also OpenAI-compatible servers). */
  protocol: 'anthropic' | 'openai';
  /** Replies in order, or a function choosing one per request (parallel callers). */
  replies: ScriptedReply[] | ((request: ScriptedRequest, index: number) => ScriptedReply);
}

/** A running scripted provider. */
export interface ScriptedProvider {
  /** The base URL to give the SDK provider, e.g. `http://127.0.0.1:4711/v1`. */
  readonly baseURL: string;
  /** Every request received, in order. */
  readonly requests: ScriptedRequest[];
  close(): Promise<void>;
}

/**
 * A model provider for tests: an HTTP server on 127.0.0.1 that speaks a provider's real wire
 * protocol (server-sent events, as the SDKs expect) and answers from a script — a tool call,
 * then a completion — so an agent host can be tested end to end through the real SDK. A
 * request past the end of the script gets an HTTP 500 naming the problem.
 * @example
 * const provider = await createScriptedProvider({ protocol: 'anthropic', replies: [
 *   { toolCalls: [{ name: 'read_file', input: { path: 'a.txt' } }] },
 *   { toolCalls: [{ name: 'attempt_completion', input: { result: 'done' } }] },
 * ] });
 * const model = createAnthropic({ baseURL: provider.baseURL, apiKey: 'test' })('claude-test');
 */
export async function createScriptedProvider(options: ScriptedProviderOptions): Promise<ScriptedProvider> {
  const wire = options.protocol === 'anthropic' ? anthropicWire : openaiWire;
  const requests: ScriptedRequest[] = [];
  const server = createServer((req, res) => {
    void handle(req, res, wire, options, requests);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseURL: `http://127.0.0.1:${port}/v1`, requests, close: () => close(server) };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  wire: WireProtocol,
  options: ScriptedProviderOptions,
  requests: ScriptedRequest[],
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    // Not JSON: recorded as empty, answered below.
  }
  const request: ScriptedRequest = { path: req.url ?? '', headers: req.headers, body };
  const index = requests.push(request) - 1;
  if (req.method !== 'POST' || !request.path.endsWith(wire.path))
    return json(res, 404, wire.errorBody(404, `No route ${req.method} ${request.path}`));
  const reply = typeof options.replies === 'function' ? options.replies(request, index) : options.replies[index];
  if (!reply) return json(res, 500, wire.errorBody(500, `The script has no reply #${index + 1}`));
  if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
  if (reply.status) return json(res, reply.status, wire.errorBody(reply.status, reply.error ?? 'Scripted failure'), reply.headers);
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  for (const event of wire.events(reply, index + 1)) res.write(event);
  res.end();
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
