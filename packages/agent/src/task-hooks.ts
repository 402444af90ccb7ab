import type { HookBus } from '@quiver/core';

/** What a lifecycle hook said: go on (with extra context), or stop. */
export interface HookVerdict {
  cancel?: string;
  /** Context for the model, in the baseline's `<hook_context>` wrapper. */
  context: string[];
}

/** Where the task's hooks run. */
interface HookTarget {
  hooks: HookBus;
  taskId: string;
  cwd: string;
  /** Tells the user about a hook that failed or printed invalid output (it is never silent). */
  report?: (message: string) => void;
}

/** Report every failed tap of a lifecycle hook to the user. */
function reportErrors(t: HookTarget, hook: string, errors: readonly { tap: string; error: Error }[]): void {
  for (const e of errors) t.report?.(`${hook} hook '${e.tap}' failed: ${e.error.message}`);
}

/** `TaskStart`: taps may cancel the task or add context (SPEC Part B §10). */
export async function taskStartHook(t: HookTarget, prompt: string): Promise<HookVerdict> {
  const outcome = await t.hooks.callSeries('TaskStart', { taskId: t.taskId, cwd: t.cwd, hook: 'TaskStart', task: prompt });
  reportErrors(t, 'TaskStart', outcome.errors);
  return verdict('TaskStart', outcome.results);
}

/** `UserPromptSubmit`: taps may rewrite the prompt (in series), add context, or block it. */
export async function userPromptHook(t: HookTarget, prompt: string): Promise<HookVerdict & { prompt: string }> {
  const outcome = await t.hooks.callWaterfall('UserPromptSubmit', { taskId: t.taskId, cwd: t.cwd, prompt }, (event, r) => ({
    event: r.prompt !== undefined ? { ...event, prompt: r.prompt } : event,
    stop: r.cancel === true,
  }));
  reportErrors(t, 'UserPromptSubmit', outcome.errors);
  return { ...verdict('UserPromptSubmit', outcome.results), prompt: outcome.event.prompt };
}

/** `TaskComplete`: attempt_completion ended the task. */
export async function taskCompleteHook(t: HookTarget, prompt: string, result: string): Promise<void> {
  const outcome = await t.hooks.callSeries('TaskComplete', { taskId: t.taskId, cwd: t.cwd, hook: 'TaskComplete', task: prompt, result });
  reportErrors(t, 'TaskComplete', outcome.errors);
}

/** `TaskCancel`: the task was aborted or a hook cancelled it. */
export async function taskCancelHook(t: HookTarget, message: string): Promise<void> {
  await t.hooks.callParallel('TaskCancel', { taskId: t.taskId, cwd: t.cwd, hook: 'TaskCancel', message });
}

function verdict(source: string, results: { cancel?: boolean; reason?: string; additionalContext?: string }[]): HookVerdict {
  const out: HookVerdict = { context: [] };
  for (const r of results) {
    if (r.additionalContext) out.context.push(hookContext(source, r.additionalContext));
    if (r.cancel) out.cancel ??= r.reason ?? `A ${source} hook cancelled the task.`;
  }
  return out;
}

/** The baseline's `<hook_context>` wrapper: a `TYPE:` first-line prefix becomes the type. */
function hookContext(source: string, text: string): string {
  const m = /^([A-Z_]+):\s*/.exec(text);
  const type = m ? m[1].toLowerCase() : 'general';
  return `<hook_context source="${source}" type="${type}">\n${m ? text.slice(m[0].length) : text}\n</hook_context>`;
}
