import type { ToolResultPart, UserModelMessage } from 'ai';
import { ERROR_CODES, errorResult, responses, type ToolDefinition, type ToolResult } from '@quiver/core';
import type { OfferContext, Task, ToolDescriptor } from '@quiver/core/host';
import { type TaskCompletion } from '@quiver/shared';
import type { AgentLoopUi, AgentToolCall } from './agent-loop-types.js';
import { agentResponses } from './agent-responses.js';
import { readCompletion } from './completion.js';
import type { ModelToolCall } from './stream-turn.js';
import { toToolResultPart, type ImageSupport } from './tool-result-output.js';

/** What the calls of one turn need. */
export interface ToolCallContext {
  task: Task;
  /** The tools offered to the model, by name. */
  offered: ReadonlyMap<string, ToolDescriptor>;
  /** The surface the calls come from (the executor refuses a tool it does not offer). */
  offer: OfferContext;
  /** A tool's definition (imports its plugin on first use), for the call's one-line description. */
  definition(name: string): Promise<ToolDefinition | undefined>;
  /** True when the offered list is a subagent's allow-list (changes the refusal text). */
  restricted: boolean;
  /** True when attempt_completion reports through the task state (else a success ends the task). */
  completionUsesState: boolean;
  images: ImageSupport;
  ui?: AgentLoopUi;
  /** The run's signal: once aborted (Ctrl-C at a prompt, say), the turn's remaining calls do not run. */
  signal?: AbortSignal;
}

/** The results of one turn's tool calls. */
export interface ToolCallsOutcome {
  parts: ToolResultPart[];
  /** User messages carrying tool-result images (providers without images in tool results). */
  followUps: UserModelMessage[];
  completion?: TaskCompletion;
  ran: number;
}

/**
 * Run a turn's tool calls in order, each through the Quiver pipeline (gates, approval, hooks,
 * mistakes, loop detection). A call to a tool that was not offered, or with unparseable
 * arguments, is refused here and counts a mistake. attempt_completion, or a hook cancelling
 * the task, stops the remaining calls.
 */
export async function runToolCalls(ctx: ToolCallContext, calls: readonly ModelToolCall[]): Promise<ToolCallsOutcome> {
  const out: ToolCallsOutcome = { parts: [], followUps: [], ran: 0 };
  for (const call of calls) {
    const params = isObject(call.input) ? call.input : {};
    const tool = ctx.offered.get(call.toolName);
    const report: AgentToolCall = {
      id: call.toolCallId,
      name: call.toolName,
      params,
      description: await describeCall(ctx, call.toolName, tool, params),
    };
    // One last partial block with the complete input: a host showing an edit at its approval
    // prompt (the CLI's diff) sees the final content, not the last streamed piece.
    const definition = tool && isObject(call.input) ? await ctx.definition(call.toolName).catch(() => undefined) : undefined;
    if (definition?.handlePartialBlock)
      await ctx.task
        .execute({ id: call.toolCallId, name: call.toolName, params, partial: true }, { from: 'model', offer: ctx.offer })
        .catch(() => undefined);
    ctx.ui?.toolCall?.(report);
    const result = await runOne(ctx, call, tool, params);
    out.ran++;
    ctx.ui?.toolResult?.(report, result);
    const { part, followUp } = toToolResultPart(call, result, ctx.images);
    out.parts.push(part);
    if (followUp) out.followUps.push(followUp);
    out.completion = completionOf(ctx, call.toolName, params, result);
    if (out.completion || ctx.task.state.abort || ctx.signal?.aborted) break;
  }
  return out;
}

/** The call's one line (`[read_file for 'a.ts']`) from the tool's own `describe`; a tool that fails to load gets the bare name. */
async function describeCall(
  ctx: ToolCallContext,
  name: string,
  tool: ToolDescriptor | undefined,
  params: Record<string, unknown>,
): Promise<string> {
  const definition = tool ? await ctx.definition(name).catch(() => undefined) : undefined;
  return definition ? definition.getDescription({ name, params, partial: false }) : `[${name}]`;
}

async function runOne(
  ctx: ToolCallContext,
  call: ModelToolCall,
  tool: ToolDescriptor | undefined,
  params: Record<string, unknown>,
): Promise<ToolResult> {
  if (!tool) {
    ctx.task.mistakes.increment();
    const names = [...ctx.offered.keys()];
    const text = ctx.restricted ? agentResponses.toolNotAllowed(call.toolName, names) : responses.unknownTool(call.toolName, names);
    return errorResult(responses.toolError(text), ERROR_CODES.TOOL_UNKNOWN, 'keep');
  }
  if (!isObject(call.input)) {
    ctx.task.mistakes.increment();
    return errorResult(responses.toolError(agentResponses.invalidToolInput(call.toolName)), ERROR_CODES.PARAM_INVALID, 'keep');
  }
  return (await ctx.task.execute(
    { id: call.toolCallId, name: call.toolName, params, partial: false },
    { from: 'model', offer: ctx.offer },
  ))!;
}

function completionOf(ctx: ToolCallContext, name: string, params: Record<string, unknown>, result: ToolResult): TaskCompletion | undefined {
  const recorded = readCompletion(ctx.task.state);
  if (recorded) return recorded;
  // A third-party attempt_completion that does not use the task state: its success is the end.
  if (name === 'attempt_completion' && !ctx.completionUsesState && !result.isError) {
    return {
      result: typeof params.result === 'string' ? params.result : '',
      ...(typeof params.command === 'string' ? { command: params.command } : {}),
    };
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
