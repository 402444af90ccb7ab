import { jsonSchema, type LanguageModel, type ModelMessage, type ToolSet } from 'ai';
import { coreServices, ERROR_CODES, quiverError, responses, type HostUi } from '@quiver/core';
import { offeredTools as coreOfferedTools, type OfferContext, type Host, type Task, type ToolDescriptor } from '@quiver/core/host';
import { TASK_STATE_KEYS } from '@quiver/shared';
import type { AgentLoopOptions, AgentLoopResult, AgentLoopStatus } from './agent-loop-types.js';
import { agentResponses } from './agent-responses.js';
import { COMPLETION_FALLBACK_PACKAGE, ensureCompletionTool } from './completion.js';
import { describeProviderError } from './provider-error.js';
import { runToolCalls, type ToolCallContext } from './run-tool-calls.js';
import { resumeTail } from './resume-messages.js';
import { streamTurnWithRetries } from './retry-turn.js';
import { buildSystemPrompt } from './system-prompt.js';
import { taskCancelHook, taskCompleteHook, taskStartHook, userPromptHook } from './task-hooks.js';
import { imageSupportOf } from './tool-result-output.js';
import { emptyUsage, addSdkUsage } from './usage.js';
import { AGENT_ERRORS } from './agent-errors.js';

/** The default cap on model requests per run. */
export const DEFAULT_MAX_TURNS = 50;

/** The error code of each way a run can end early. */
const STATUS_CODES: Record<AgentLoopStatus, string> = {
  completed: '',
  error: AGENT_ERRORS.PROVIDER,
  mistake_limit: ERROR_CODES.MISTAKE_LIMIT,
  max_turns: AGENT_ERRORS.AGENT_MAX_TURNS,
  no_completion: AGENT_ERRORS.AGENT_NO_COMPLETION,
  cancelled: AGENT_ERRORS.AGENT_CANCELLED,
  aborted: AGENT_ERRORS.AGENT_ABORTED,
};

/** Everything one run shares (internal). */
interface Run {
  options: AgentLoopOptions;
  host: Host;
  task: Task;
  cwd: string;
  system: string;
  tools: ToolSet;
  calls: ToolCallContext;
  signal: AbortSignal;
  askUi: HostUi;
  result: AgentLoopResult;
  emptyTurns: number;
}

/**
 * Run an agent loop: the model's tool calls go through the Quiver pipeline of a task on the
 * host, their results go back, until attempt_completion ends the task — or the mistake limit,
 * `maxTurns`, an abort or a provider error does. Hooks fire: TaskStart and UserPromptSubmit
 * before the first request, TaskComplete at the end, TaskCancel on abort. Never throws for a
 * provider failure: the result says `status: 'error'` with a clear message.
 * @example
 * const outcome = await runAgentLoop({ runtime, model: anthropic('claude-sonnet-4-5'), prompt: 'Fix the failing test', ui });
 * if (outcome.status === 'completed') console.log(outcome.result);
 */
export async function runAgentLoop(options: AgentLoopOptions): Promise<AgentLoopResult> {
  const host = options.host ?? options.runtime?.host;
  if (!host) throw quiverError(AGENT_ERRORS.AGENT_HOST_MISSING, 'runAgentLoop needs a host or a runtime to run the tools on.');
  const run = await prepare(host, options);
  try {
    await start(run);
    if (!isFinished(run)) await loop(run);
  } catch (e) {
    finish(
      run,
      run.signal.aborted ? 'aborted' : 'error',
      run.signal.aborted ? 'The task was aborted.' : describeProviderError(e, { provider: providerOf(options.model) }),
    );
  } finally {
    if (!options.task) await run.task.dispose();
  }
  if (run.result.status === 'aborted') await taskCancelHook(hookTarget(run), 'The task was aborted.').catch(() => undefined);
  return run.result;
}

async function prepare(host: Host, options: AgentLoopOptions): Promise<Run> {
  ensureCompletionTool(host);
  const workspace = host.container.find(coreServices.workspace);
  const cwd = options.taskOptions?.cwd ?? workspace?.primary.path ?? process.cwd();
  const signal = options.signal ?? new AbortController().signal;
  const task = options.task ?? host.createTask({ cwd, modelId: modelIdOf(options.model), ...options.taskOptions, signal });
  task.state.values.delete(TASK_STATE_KEYS.completion);
  const offered = await offeredTools(host, options);
  const completionPackage = host.registry.list({ includeHidden: true }).find((t) => t.name === 'attempt_completion')?.package;
  const system =
    options.system ??
    buildSystemPrompt({ tools: [...offered.values()], cwd, roots: workspace?.roots, role: options.role, append: options.systemAppend });
  return {
    options,
    host,
    task,
    cwd,
    system,
    tools: toSdkTools(offered),
    calls: {
      task,
      offered,
      offer: offerContext(options),
      definition: (name: string) => host.registry.get(name),
      restricted: options.tools !== undefined,
      completionUsesState: completionPackage === COMPLETION_FALLBACK_PACKAGE || completionPackage === '@quiver/tool-attempt-completion',
      images: options.imageSupport ?? imageSupportOf(options.model),
      ui: options.ui,
      signal,
    },
    signal,
    askUi: options.askUi ?? options.taskOptions?.ui ?? host.ui,
    result: { status: 'max_turns', taskId: task.id, turns: 0, toolCalls: 0, usage: emptyUsage(), text: '', messages: [] },
    emptyTurns: 0,
  };
}

/** The agent-loop tools this loop answers by itself (the others need modes, compaction or a UI it lacks). */
export const LOOP_TOOLS_HANDLED: readonly string[] = Object.freeze(['attempt_completion', 'ask_followup_question', 'focus_chain']);

/**
 * The tools the model is offered: the allow-list's, or every enabled, visible tool the
 * `agent` surface offers (core's `offeredTools`: none whose requirement the host lacks) minus
 * agent-loop tools the loop does not handle, as data (from the plugins' generated descriptors:
 * no plugin is imported before its first call). Fewer tools, a shorter fixed prefix per request.
 */
async function offeredTools(host: Host, options: AgentLoopOptions): Promise<Map<string, ToolDescriptor>> {
  const all = await host.registry.describeAll();
  const exclude = new Set(options.excludeTools ?? []);
  if (options.tools) {
    const allow = new Set(options.tools);
    return new Map(all.filter((t) => allow.has(t.name) && !exclude.has(t.name)).map((t) => [t.name, t]));
  }
  const handled = new Set(options.loopTools ?? LOOP_TOOLS_HANDLED);
  const offered = coreOfferedTools(all, offerContext(options)).filter((t) => !exclude.has(t.name) && (!t.loop || handled.has(t.name)));
  return new Map(offered.map((t) => [t.name, t]));
}

/** The `agent` surface with what the host has: the executor checks every model call against it too. */
function offerContext(options: AgentLoopOptions): OfferContext {
  return { surface: 'agent', has: { model: true, ...options.capabilities } };
}

/**
 * Tools as JSON schemas, without `execute`: the loop runs each call through the pipeline. With
 * focus_chain offered, the optional `task_progress` parameter every other tool carries (Cline's
 * way to update the todo list in passing) is left out of their schemas: the list has its own
 * tool, and saying it on each tool costs ~20 tokens a tool on every request.
 */
function toSdkTools(tools: ReadonlyMap<string, ToolDescriptor>): ToolSet {
  const set: ToolSet = {};
  const dropProgress = tools.has('focus_chain');
  for (const [name, def] of tools) {
    const schema = dropProgress && name !== 'focus_chain' ? withoutProperty(def.inputSchema, 'task_progress') : def.inputSchema;
    set[name] = { description: def.description, inputSchema: jsonSchema(schema as never) };
  }
  return set;
}

function withoutProperty(schema: Record<string, unknown>, key: string): Record<string, unknown> {
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (!properties || !(key in properties)) return schema;
  const { [key]: _dropped, ...rest } = properties;
  const required = Array.isArray(schema.required) ? schema.required.filter((r) => r !== key) : schema.required;
  return { ...schema, properties: rest, ...(required !== undefined ? { required } : {}) };
}

async function start(run: Run): Promise<void> {
  if (run.options.resume) {
    // The earlier run's conversation (saved already), then what it needs to go on.
    run.result.messages.push(...run.options.resume);
    add(run, ...resumeTail(run.options.resume, run.options.prompt));
    return;
  }
  if (run.options.taskOptions?.isSubagent) {
    add(run, { role: 'user', content: run.options.prompt });
    return;
  }
  const started = await taskStartHook(hookTarget(run), run.options.prompt);
  if (started.cancel) return finish(run, 'cancelled', started.cancel);
  const submitted = await userPromptHook(hookTarget(run), run.options.prompt);
  if (submitted.cancel) return finish(run, 'cancelled', submitted.cancel);
  add(run, { role: 'user', content: [submitted.prompt, ...started.context, ...submitted.context].join('\n\n') });
}

/** Add messages to the conversation and tell the host (which may be saving the session). */
function add(run: Run, ...messages: ModelMessage[]): void {
  run.result.messages.push(...messages);
  run.options.ui?.messages?.(messages);
}

async function loop(run: Run): Promise<void> {
  const maxTurns = run.options.maxTurns ?? DEFAULT_MAX_TURNS;
  const { task, result } = run;
  while (!isFinished(run)) {
    if (run.signal.aborted) return finish(run, 'aborted', 'The task was aborted.');
    if (task.mistakes.limitReached && !(await atMistakeLimit(run))) return;
    if (result.turns >= maxTurns)
      return finish(run, 'max_turns', `The task reached its limit of ${maxTurns} model requests without calling attempt_completion.`);
    result.turns++;
    // A new assistant message: a rejection in the last one no longer skips tools.
    task.state.didRejectTool = false;
    task.state.didAlreadyUseTool = false;
    run.options.ui?.turnStart?.(result.turns);
    const turn = await streamTurnWithRetries({
      model: run.options.model,
      system: run.system,
      messages: result.messages,
      tools: run.tools,
      maxRetries: run.options.maxRetries,
      signal: run.signal,
      onText: run.options.ui?.text,
      onRetry: run.options.ui?.retry,
      onPartial: async (block) =>
        run.calls.offered.has(block.name) ? task.execute(block, { from: 'model', offer: run.calls.offer }) : undefined,
    });
    addSdkUsage(result.usage, turn.usage);
    run.options.ui?.turnEnd?.(result.turns);
    if (turn.aborted || run.signal.aborted) return finish(run, 'aborted', 'The task was aborted.');
    if (turn.error) return finish(run, 'error', describeProviderError(turn.error, { provider: providerOf(run.options.model) }));
    result.text = turn.text;
    add(run, ...turn.messages);
    if (!turn.toolCalls.length) {
      noToolUsed(run);
      continue;
    }
    run.emptyTurns = 0;
    const outcome = await runToolCalls(run.calls, turn.toolCalls);
    result.toolCalls += outcome.ran;
    add(run, { role: 'tool', content: outcome.parts }, ...outcome.followUps);
    // Ctrl-C at a prompt (an approval, the completion) cancels the task: no request after it.
    if (run.signal.aborted) return finish(run, 'aborted', 'The task was aborted.');
    if (outcome.completion) return complete(run, outcome.completion);
    if (task.state.abort) return finish(run, 'cancelled', 'A PostToolUse hook cancelled the task.');
  }
}

/** A turn without a tool call: a mistake, and the baseline's nudge (SPEC Part B §11). */
function noToolUsed(run: Run): void {
  run.task.mistakes.increment();
  run.emptyTurns++;
  run.options.ui?.notice?.(
    'mistake',
    `The model answered without using a tool (mistake ${run.task.mistakes.count} of ${run.task.mistakes.limit}).`,
  );
  const max = run.options.maxEmptyTurns;
  if (max !== undefined && run.emptyTurns > max) return finish(run, 'no_completion', 'Subagent did not call attempt_completion.');
  add(run, { role: 'user', content: agentResponses.noToolsUsed() });
}

/**
 * The mistake limit (SPEC Part B §11): yolo and subagents stop; otherwise the user is asked,
 * and a reply becomes the model's next message, with the count and loop detection reset.
 * @returns true to go on
 */
async function atMistakeLimit(run: Run): Promise<boolean> {
  const count = run.task.mistakes.count;
  // Five identical calls trip the limit without five mistakes: say so, not "3 consecutive mistakes".
  const loop = run.task.mistakes.tripReason;
  const stop =
    run.host.approver.settings.yolo || (run.options.onMistakeLimit ?? (run.options.taskOptions?.isSubagent ? 'stop' : 'ask')) === 'stop';
  if (stop) {
    const why = loop
      ? `${loop}; the task was stopped so it does not loop forever.`
      : run.host.approver.settings.yolo
        ? agentResponses.yoloMistakeLimit(count)
        : `Too many consecutive mistakes (${count}).`;
    finish(run, 'mistake_limit', why);
    return false;
  }
  run.options.ui?.notice?.('mistake_limit', loop ? `${loop}.` : `The model made ${count} consecutive mistakes.`);
  const question = loop ? agentResponses.loopQuestion(loop) : agentResponses.mistakeLimitQuestion(count, modelIdOf(run.options.model));
  const answer = await run.askUi.ask('mistake_limit_reached', question);
  if (run.signal.aborted) {
    finish(run, 'aborted', 'The task was aborted.');
    return false;
  }
  if (answer.response === 'no') {
    finish(
      run,
      'mistake_limit',
      loop ? `${loop}; the user stopped the task.` : `Too many consecutive mistakes (${count}); the user stopped the task.`,
    );
    return false;
  }
  run.task.newUserMessage();
  const submitted = await userPromptHook(hookTarget(run), responses.tooManyMistakes(answer.text ?? ''));
  if (submitted.cancel) {
    finish(run, 'cancelled', submitted.cancel);
    return false;
  }
  add(run, { role: 'user', content: [submitted.prompt, ...submitted.context].join('\n\n') });
  return true;
}

async function complete(run: Run, completion: { result: string; command?: string }): Promise<void> {
  run.result.status = 'completed';
  run.result.result = completion.result;
  if (completion.command) run.result.command = completion.command;
  if (!run.options.taskOptions?.isSubagent) await taskCompleteHook(hookTarget(run), run.options.prompt, completion.result);
}

function finish(run: Run, status: AgentLoopStatus, message: string): void {
  run.result.status = status;
  run.result.error = { code: STATUS_CODES[status], message };
}

function isFinished(run: Run): boolean {
  return run.result.status === 'completed' || run.result.error !== undefined;
}

function hookTarget(run: Run) {
  // The task's own bus: the host's taps plus any the task's plugins made for it.
  return {
    hooks: run.task.hooks,
    taskId: run.task.id,
    cwd: run.cwd,
    report: (message: string) => run.options.ui?.notice?.('hook_error', message),
  };
}

function modelIdOf(model: LanguageModel): string {
  return typeof model === 'string' ? model : model.modelId;
}

function providerOf(model: LanguageModel): string | undefined {
  return typeof model === 'string' ? undefined : model.provider.split('.')[0];
}
