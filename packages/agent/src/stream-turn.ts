import { streamText, type LanguageModel, type LanguageModelUsage, type ModelMessage, type ToolSet } from 'ai';
import type { ToolBlock } from '@quiver/core';
import { createPartialInputs } from './partial-inputs.js';

/** A complete tool call the model made. */
export interface ModelToolCall {
  toolCallId: string;
  toolName: string;
  /** The parsed input; a string when the model's JSON could not be parsed. */
  input: unknown;
}

/** What one model request gave back. */
export interface TurnOutcome {
  text: string;
  toolCalls: ModelToolCall[];
  /** The assistant message(s) to add to the history. */
  messages: ModelMessage[];
  usage?: LanguageModelUsage;
  error?: unknown;
  aborted: boolean;
}

/** Options of {@link streamTurn}. */
export interface StreamTurnOptions {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  tools: ToolSet;
  maxRetries?: number;
  signal: AbortSignal;
  onText?(delta: string): void;
  /** Partial tool input, parsed (UI only). */
  onPartial?(block: ToolBlock): Promise<unknown>;
}

/**
 * One model request, streamed: text deltas and partial tool input go out as they arrive; the
 * tools have no `execute`, so the SDK stops after the model's tool calls and the caller runs
 * them through the Quiver pipeline.
 */
export async function streamTurn(options: StreamTurnOptions): Promise<TurnOutcome> {
  const out: TurnOutcome = { text: '', toolCalls: [], messages: [], aborted: false };
  const partials = createPartialInputs(options.onPartial ?? (async () => undefined));
  const result = streamText({
    model: options.model,
    // The system prompt goes as a message so it can carry Anthropic's cache marker; it is ours, not user input.
    messages: withCacheBreakpoints(options.system, options.messages),
    allowSystemInMessages: true,
    tools: options.tools,
    maxRetries: options.maxRetries,
    abortSignal: options.signal,
    // Errors are read from the stream below; the SDK's default handler would print them.
    onError: () => undefined,
  });
  for await (const part of result.fullStream) {
    switch (part.type) {
      case 'text-delta':
        out.text += part.text;
        options.onText?.(part.text);
        break;
      case 'tool-input-start':
        partials.start(part.id, part.toolName);
        break;
      case 'tool-input-delta':
        await partials.delta(part.id, part.delta);
        break;
      case 'tool-input-end':
        partials.end(part.id);
        break;
      case 'tool-call':
        out.toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
        break;
      case 'finish':
        out.usage = part.totalUsage;
        break;
      case 'error':
        out.error ??= part.error;
        break;
      case 'abort':
        out.aborted = true;
        break;
      default:
        break;
    }
  }
  if (options.signal.aborted) out.aborted = true;
  if (out.error || out.aborted) return out;
  const response = await result.response;
  out.messages = response.messages.filter((m) => m.role === 'assistant').map(objectInputs);
  return out;
}

/** Anthropic's prompt-cache marker (ignored by the other providers). */
const CACHE = { anthropic: { cacheControl: { type: 'ephemeral' } } } as const;

/**
 * The request's messages with Anthropic cache breakpoints: one on the system prompt, which
 * caches the stable prefix (tools, then system) across turns and runs, and one on the newest
 * message, which caches the conversation so far for the next turn. OpenAI caches a repeated
 * prefix by itself; the tools and system prompt are built in a fixed order, so it stays equal.
 */
export function withCacheBreakpoints(system: string, messages: readonly ModelMessage[]): ModelMessage[] {
  const out: ModelMessage[] = [{ role: 'system', content: system, providerOptions: CACHE }, ...messages];
  const last = out.length - 1;
  if (last > 0) out[last] = { ...out[last], providerOptions: { ...out[last].providerOptions, ...CACHE } } as ModelMessage;
  return out;
}

/** Providers want a tool call's input to be an object: an unparseable one goes back as `{}`. */
function objectInputs(message: ModelMessage): ModelMessage {
  if (message.role !== 'assistant' || typeof message.content === 'string') return message;
  return {
    ...message,
    content: message.content.map((p) =>
      p.type === 'tool-call' && (typeof p.input !== 'object' || p.input === null || Array.isArray(p.input)) ? { ...p, input: {} } : p,
    ),
  };
}
