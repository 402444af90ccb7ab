import { randomUUID } from 'node:crypto';
import type { AutoApprover } from '../approval/auto-approver.js';
import { coreServices } from '../container/core-services.js';
import { DISPOSED } from '../container/create-container.js';
import type { QuiverContainer } from '../container/create-container.js';
import { ERROR_CODES } from '../errors.js';
import type { HookBus } from '../hooks/hook-bus.js';
import { createTaskHookBus } from '../hooks/task-hook-bus.js';
import type { HostUi } from '../host/host-ui.js';
import { responses } from '../responses/responses.js';
import {
  createMessageState,
  createMistakeCounter,
  createReadCache,
  createTaskState,
  type MistakeCounter,
  type ReadCache,
  type TaskState,
} from '../task/task-state.js';
import { executeParsedOf, type PartialBlockUi, type ToolBlock } from '../tool/define-tool.js';
import type { TaskConfig } from '../tool/task-config.js';
import { errorResult, toToolResult, type ToolResponse, type ToolResult } from '../tool/tool-result.js';
import { subagentUi } from '../host/subagent-ui.js';
import { buildTaskConfig } from './build-task-config.js';
import type { CallContext, CallOptions, Gate, TaskContext, TaskOffer, ToolSource } from './call-context.js';
import { failure, findToolNow, newCall, runGates } from './call-steps.js';
import { checkCall, type CheckOutcome } from './check-call.js';
import { modelRefusal } from './offer-gate.js';
import { approval } from './gates/approval.js';
import { commandPermissions } from './gates/command-permissions.js';
import { ignoreRules } from './gates/ignore-rules.js';
import { postToolUse } from './gates/post-tool-use.js';
import { preToolUse } from './gates/pre-tool-use.js';
import { resolvePaths } from './gates/resolve-paths.js';
import { telemetry } from './gates/telemetry.js';
import { validateParams } from './gates/validate-params.js';
import { createLoopDetector } from './loop-detector.js';

/** The input gates, in order. PreToolUse runs after them; then execute, PostToolUse, telemetry. */
const INPUT_GATES: readonly Gate[] = [validateParams, commandPermissions, ignoreRules, resolvePaths, approval];

/** What a host gives the executor. */
export interface ExecutorOptions {
  container: QuiverContainer;
  hooks: HookBus;
  tools: ToolSource;
  approver: AutoApprover;
  ui: HostUi;
}

/** Options of one task. */
export interface TaskOptions {
  id?: string;
  /** The primary root; defaults to the workspace service's primary root. */
  cwd?: string;
  mode?: 'act' | 'plan';
  /** Subagent runs: no approval prompts — a call runs only if the main task would auto-approve it. */
  isSubagent?: boolean;
  modelId?: string;
  signal?: AbortSignal;
  /** A UI for this task only (subagents use a silent one). */
  ui?: HostUi;
  /**
   * Where this task's `model` calls are offered: the surface and what the host has (a tool a
   * requirement of which is missing is refused). @default { surface: 'agent', has: {} }
   */
  offer?: TaskOffer;
}

/**
 * Why a disposed task's signal aborts. Made once: `abort()` without a reason builds a new
 * DOMException, stack trace and all, on every dispose — a task per MCP call made that a
 * measurable part of each call. Same name (`AbortError`) as the default reason.
 */
const TASK_DISPOSED = new DOMException('The task was disposed.', 'AbortError');

/** Where model calls are offered when the task does not say: nothing the host might lack (fail safe). */
const DEFAULT_OFFER: TaskOffer = Object.freeze({ surface: 'agent', has: {} });

/** A task: a scope of state that runs tool calls through the pipeline. */
export interface Task {
  readonly id: string;
  readonly state: TaskState;
  readonly readCache: ReadCache;
  readonly mistakes: MistakeCounter;
  readonly scope: QuiverContainer;
  /**
   * The task's hook bus (`coreServices.taskHooks`): the host's taps plus this task's own. A host
   * fires the task's lifecycle hooks (TaskStart, …) here so the task's taps see them too.
   */
  readonly hooks: HookBus;
  /**
   * Run one block: partial blocks stream to `handlePartialBlock` and return undefined. A
   * `model` call reaches only the tools offered on the task's surface (see {@link CallOptions}).
   */
  execute(block: ToolBlock, options?: CallOptions): Promise<ToolResult | undefined>;
  /** Run one complete call (`from` defaults to `host`: any enabled tool). */
  call(name: string, params: Record<string, unknown>, options?: CallOptions): Promise<ToolResult>;
  /**
   * What the pipeline would do with a call, without running it: the input gates, then the
   * approval decision (`ask` carries the prompt). No hook or tool runs, nothing is shown or
   * asked, and the task's state is left as it was.
   */
  check(name: string, params: Record<string, unknown>, options?: CallOptions): Promise<CheckOutcome>;
  /** A new user message: resets rejection, one-tool-per-message and the mistake count (Part A). */
  newUserMessage(): void;
  dispose(): Promise<void>;
}

/**
 * Create a task on a host's container. Every call gets a child scope that is disposed after
 * it; the task scope is disposed by `dispose()`.
 */
export function createTask(host: ExecutorOptions, options: TaskOptions = {}): Task {
  const scope = host.container.createScope('task');
  const state = createTaskState();
  const messages = createMessageState();
  const readCache = createReadCache();
  const mistakes = createMistakeCounter(host.approver.settings.maxConsecutiveMistakes);
  scope.provideValue(coreServices.taskState, state);
  scope.provideValue(coreServices.messageState, messages);
  scope.provideValue(coreServices.readCache, readCache);
  scope.provideValue(coreServices.mistakes, mistakes);
  const hooks = createTaskHookBus(host.hooks);
  scope.provideValue(coreServices.taskHooks, hooks);
  const workspace = scope.find(coreServices.workspace);
  const loops = createLoopDetector();
  const controller = new AbortController();
  const outer = options.signal;
  const onOuterAbort = (): void => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onOuterAbort, { once: true });

  const task: Task = {
    id: options.id ?? randomUUID(),
    state,
    readCache,
    mistakes,
    scope,
    hooks,
    execute: (block, callOptions) => (block.partial ? runPartial(ctx, block, callOptions) : runComplete(ctx, block, loops, callOptions)),
    call: (name, params, callOptions) => runComplete(ctx, { name, params, partial: false }, loops, callOptions),
    check: (name, params, callOptions) => checkCall(ctx, name, params, callOptions),
    newUserMessage() {
      state.didRejectTool = false;
      state.didAlreadyUseTool = false;
      mistakes.reset();
      loops.reset();
    },
    async dispose() {
      // A long-lived outer signal (a host's session) would otherwise keep every task it saw.
      outer?.removeEventListener('abort', onOuterAbort);
      controller.abort(TASK_DISPOSED);
      await scope.dispose();
      hooks.dispose();
    },
  };
  const ctx: TaskContext = {
    id: task.id,
    cwd: options.cwd ?? workspace?.primary.path ?? process.cwd(),
    mode: options.mode ?? 'act',
    isSubagent: options.isSubagent ?? false,
    modelId: options.modelId,
    scope,
    tools: host.tools,
    hooks,
    approver: host.approver,
    // A subagent can never be asked: its approval port refuses (S1), whatever UI it was given.
    ui: options.isSubagent ? subagentUi(options.ui ?? host.ui) : (options.ui ?? host.ui),
    offer: options.offer ?? DEFAULT_OFFER,
    state,
    messages,
    readCache,
    mistakes,
    caller: { call: (name, params) => task.call(name, params, FROM_TOOL), names: () => host.tools.names() },
    signal: controller.signal,
  };
  return task;
}

/** Calls a tool makes through `config.executor`. */
const FROM_TOOL: CallOptions = Object.freeze({ from: 'tool' });

async function runPartial(task: TaskContext, block: ToolBlock, options?: CallOptions): Promise<undefined> {
  const tool = await task.tools.get(block.name);
  if (!tool?.handlePartialBlock) return undefined;
  // A model's preview of a tool it may not call shows nothing (the complete call is refused).
  if (options?.from === 'model' && modelRefusal(task, block.name, tool, options)) return undefined;
  const call = newCall(task, block, tool);
  try {
    await tool.handlePartialBlock(block, partialUi(task.ui, buildTaskConfig(call)));
  } catch {
    // A partial block is still being written; an error now says nothing about the final one.
  } finally {
    await call.scope.dispose();
  }
  return undefined;
}

/** The host's UI ports bound to the host (a class-based UI keeps its `this`), plus the config. */
function partialUi(ui: HostUi, config: TaskConfig): PartialBlockUi {
  const ports: Record<string, unknown> = { config };
  for (const key of ['say', 'ask', 'approve', 'notify', 'output', 'preview', 'progress'] as const) {
    const port = ui[key];
    if (typeof port === 'function') ports[key] = port.bind(ui);
  }
  return ports as unknown as PartialBlockUi;
}

async function runComplete(
  task: TaskContext,
  block: ToolBlock,
  loops: ReturnType<typeof createLoopDetector>,
  options?: CallOptions,
): Promise<ToolResult> {
  const looked = findToolNow(task, block.name);
  const found = looked instanceof Promise ? await looked : looked;
  const refused = options?.from === 'model' ? modelRefusal(task, block.name, found, options) : undefined;
  if (refused || !('execute' in found)) {
    task.mistakes.increment();
    return refused ?? (found as ToolResult);
  }
  const tool = found;
  const call = newCall(task, block, tool);
  let result: ToolResult;
  try {
    result = task.state.didRejectTool
      ? errorResult(responses.skippedAfterRejection(call.tool.getDescription(block)), ERROR_CODES.APPROVAL_DENIED, 'keep')
      : await pipeline(call);
  } catch (e) {
    result = failure(call, e);
  } finally {
    // A scope with nothing to dispose (most calls) is not waited for.
    const disposing = call.scope.dispose();
    if (disposing !== DISPOSED) await disposing;
  }
  applyMistakes(task, result);
  const repeats = loops.record(block.name, block.params as Record<string, unknown>);
  if (repeats === 3)
    result = { ...result, content: [...result.content, { type: 'text', text: responses.repeatedToolCall(block.name, repeats) }] };
  if (repeats >= 5) task.mistakes.trip(`The model called '${block.name}' with identical arguments ${repeats} times in a row`);
  return result;
}

async function pipeline(call: CallContext): Promise<ToolResult> {
  // Gates and hooks that answer synchronously are not awaited: a microtask turn each was a
  // measurable part of a call.
  const gated = runGates(call, INPUT_GATES);
  const stopped = gated instanceof Promise ? await gated : gated;
  if (stopped) return finish(call, stopped);
  call.stage = preToolUse.name;
  const hooked = preToolUse.run(call);
  const hookStop = hooked instanceof Promise ? await hooked : hooked;
  if (hookStop) return finish(call, hookStop);
  if (call.rewritten) {
    // A hook rewrote the input: the rewrite passes every input gate again, approval included.
    call.paths = {};
    call.command = undefined;
    const again = await runGates(call, INPUT_GATES);
    if (again) return finish(call, again);
  }
  call.stage = 'execute';
  let result: ToolResult;
  try {
    result = toToolResult(await execute(call));
  } catch (e) {
    result = failure(call, e);
  }
  call.stage = 'post-tool-use';
  const posted = postToolUse(call, result);
  result = posted instanceof Promise ? await posted : posted;
  call.stage = 'done';
  return finish(call, result);
}

/**
 * Run the tool on the input the gates checked. A tool defined by this core gets the values the
 * validation gate parsed (zod runs once per call, transforms included); any other handler gets
 * the block and parses it itself, as the handler contract says.
 */
function execute(call: CallContext): Promise<ToolResponse> {
  const parsed = executeParsedOf(call.tool);
  if (parsed) return parsed(buildTaskConfig(call), call.parsed);
  return call.tool.execute(buildTaskConfig(call), { ...call.block, params: call.params });
}

function finish(call: CallContext, result: ToolResult): ToolResult {
  const pending = call.task.messages.pendingContext;
  if (call.context.length === 0 && pending.length === 0) {
    telemetry(call, result);
    return result;
  }
  const extra = [...call.context, ...pending.splice(0)];
  const out = extra.length
    ? { ...result, content: [...result.content, ...extra.map((text) => ({ type: 'text' as const, text }))] }
    : result;
  telemetry(call, out);
  return out;
}

function applyMistakes(task: TaskContext, result: ToolResult): void {
  const effect = result.mistake ?? (result.isError ? 'increment' : 'reset');
  if (effect === 'increment') task.mistakes.increment();
  else if (effect === 'reset') task.mistakes.reset();
}
