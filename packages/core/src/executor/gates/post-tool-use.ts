import { callHookNow, mayTap, type HookOutcome, type HookReducer } from '../../hooks/hook-bus.js';
import type { ToolResult } from '../../tool/tool-result.js';
import type { CallContext } from '../call-context.js';
import { tapContext } from './tap-context.js';
import { hookContext } from './pre-tool-use.js';

/**
 * PostToolUse taps, in series: each may amend the result (the next sees the amendment) or
 * ask to cancel the task. A failing tap is recorded and skipped: the result stands. Taps that
 * answer synchronously with nothing to add (the usual case) leave the result as it was, at once.
 */
export function postToolUse(call: CallContext, result: ToolResult): ToolResult | Promise<ToolResult> {
  const { task } = call;
  // No tap for this tool (most hosts have none): the result stands, and no event is built.
  if (!mayTap(task.hooks, 'PostToolUse', call.name)) return result;
  const outcome = callHookNow(
    task.hooks,
    'PostToolUse',
    {
      taskId: task.id,
      cwd: task.cwd,
      tool: call.name,
      input: call.params,
      callId: call.id,
      result,
      success: !result.isError,
      durationMs: Date.now() - call.startedAt,
    },
    foldPostToolUse,
    tapContext(call),
  );
  if (outcome instanceof Promise) return outcome.then((o) => settle(call, o));
  return outcome.errors.length === 0 && outcome.results.length === 0 ? outcome.event.result : settle(call, outcome);
}

/** A tap's amended result is what the next tap sees. */
const foldPostToolUse: HookReducer<'PostToolUse'> = (event, r) => ({ event: r.result ? { ...event, result: r.result } : event });

async function settle(call: CallContext, outcome: HookOutcome<'PostToolUse'>): Promise<ToolResult> {
  const { task } = call;
  for (const r of outcome.results) {
    if (r.additionalContext) call.context.push(hookContext('PostToolUse', r.additionalContext));
    if (r.cancel) {
      task.state.abort = true;
      await task.ui.say('error', r.reason ?? 'Hook requested task cancellation');
    }
  }
  for (const e of outcome.errors) await task.ui.say('hook_error', `PostToolUse hook '${e.tap}' failed: ${e.error.message}`);
  return outcome.event.result;
}
