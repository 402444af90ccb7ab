import { ERROR_CODES, isQuiverError } from '../errors.js';
import { responses } from '../responses/responses.js';
import type { ToolBlock, ToolDefinition } from '../tool/define-tool.js';
import { errorResult, type ToolResult } from '../tool/tool-result.js';
import type { ServiceLocator, ServiceRef } from '../container/service-ref.js';
import type { CallContext, Gate, TaskContext } from './call-context.js';

/** Calls made in this process, for the ids of calls whose block has none. */
let callCount = 0;

/**
 * A new call of `block` on `task`, in a child scope of its own (disposed by the caller). A
 * block without the model's tool-use id gets one unique in this process (the task's id and a
 * count): only hook events carry it, and a random UUID per call was a measurable part of a call.
 */
export function newCall(task: TaskContext, block: ToolBlock, tool: CallContext['tool']): CallContext {
  return {
    task,
    id: block.id ?? `${task.id}:${++callCount}`,
    name: block.name,
    tool,
    block,
    scope: task.scope.createScope('call'),
    params: { ...(block.params as Record<string, unknown>) },
    // Until validation replaces it, `parsed` is the input itself (nothing writes to either).
    parsed: block.params as Record<string, unknown>,
    paths: {},
    approval: 'not-needed',
    stage: 'start',
    context: [],
    startedAt: Date.now(),
  };
}

/**
 * Run `gates` in order; the first result stops the call. A synchronous answer is not awaited,
 * and while every gate answers synchronously so does this (no promise per call).
 */
export function runGates(call: CallContext, gates: readonly Gate[], from = 0): ToolResult | undefined | Promise<ToolResult | undefined> {
  for (let i = from; i < gates.length; i++) {
    const gate = gates[i];
    call.stage = gate.name;
    const answer = gate.run(call);
    if (answer instanceof Promise) return answer.then((stop) => (stop ? stop : runGates(call, gates, i + 1)));
    if (answer) return answer;
  }
  return undefined;
}

/** The call's services (its scope's `get` and `find`), one object per call. */
export function callServices(call: CallContext): ServiceLocator {
  if (call.services) return call.services;
  const { scope } = call;
  return (call.services = Object.freeze({
    get: <T>(ref: ServiceRef<T>) => scope.get(ref),
    find: <T>(ref: ServiceRef<T>) => scope.find(ref),
  }));
}

/** A step that threw, as the result the model reads (naming the gate when it was not the tool). */
export function failure(call: CallContext, e: unknown): ToolResult {
  const message = e instanceof Error ? e.message : String(e);
  const code = isQuiverError(e) ? e.code : ERROR_CODES.TOOL_FAILED;
  const where = call.stage === 'execute' ? '' : ` (in ${call.stage})`;
  return errorResult(responses.toolError(`Error executing ${call.name}${where}: ${message}`), code, 'increment');
}

/**
 * {@link findTool}, answered synchronously for a tool whose plugin is loaded (the source's
 * `loaded`): every call looks its tool up, and a promise for it was a microtask turn per call.
 */
export function findToolNow(task: TaskContext, name: string): ToolDefinition | Promise<ToolDefinition | ToolResult> {
  const tool = task.tools.loaded?.(name);
  return tool && 'execute' in tool ? tool : findTool(task, name);
}

/** The tool behind a name, or the result that refuses the call (unknown, failed to load). */
export async function findTool(task: TaskContext, name: string): Promise<ToolDefinition | ToolResult> {
  const tool = await task.tools.get(name).catch((e: unknown) => e);
  if (tool && !(tool instanceof Error) && 'execute' in (tool as object)) return tool as ToolDefinition;
  const reason = tool instanceof Error ? tool.message : responses.unknownTool(name, task.tools.names());
  return errorResult(responses.toolError(reason), isQuiverError(tool) ? tool.code : ERROR_CODES.TOOL_UNKNOWN);
}
