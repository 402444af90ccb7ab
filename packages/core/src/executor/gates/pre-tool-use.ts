import { ERROR_CODES } from '../../errors.js';
import { responses } from '../../responses/responses.js';
import { errorResult } from '../../tool/tool-result.js';
import { callHookNow, mayTap, type HookOutcome, type HookReducer } from '../../hooks/hook-bus.js';
import type { PreToolUseResult } from '../../hooks/hook-names.js';
import type { ToolResult } from '../../tool/tool-result.js';
import type { CallContext, Gate } from '../call-context.js';
import { tapContext } from './tap-context.js';

/**
 * PreToolUse taps, in series: each may rewrite the input (the next sees the rewrite) and
 * decide allow / ask / deny — deny wins. A tap that fails blocks by default. The executor
 * re-runs the input gates when a rewrite touches a checked parameter.
 */
export const preToolUse: Gate = {
  name: 'pre-tool-use',
  run(call) {
    const { task } = call;
    // No tap for this tool (most hosts have none): no event, copy of the input or tap context.
    if (!mayTap(task.hooks, 'PreToolUse', call.name)) return undefined;
    const outcome = callHookNow(
      task.hooks,
      'PreToolUse',
      { taskId: task.id, cwd: task.cwd, tool: call.name, input: { ...call.params }, callId: call.id },
      foldPreToolUse,
      tapContext(call),
    );
    return outcome instanceof Promise ? outcome.then((o) => decide(call, o)) : decide(call, outcome);
  },
};

/** A tap's rewrite is what the next tap sees; a deny ends the chain. */
const foldPreToolUse: HookReducer<'PreToolUse'> = (event, result) => ({
  event: result.updatedInput ? { ...event, input: { ...result.updatedInput } } : event,
  stop: result.decision === 'deny',
});

/** What the taps' answers mean for the call; nothing to do (the usual case) is decided at once. */
function decide(call: CallContext, outcome: HookOutcome<'PreToolUse'>): ToolResult | undefined | Promise<ToolResult | undefined> {
  if (outcome.errors.length === 0 && outcome.results.length === 0) return undefined;
  return decideAnswers(call, outcome);
}

async function decideAnswers(call: CallContext, outcome: HookOutcome<'PreToolUse'>): Promise<ToolResult | undefined> {
  const { task } = call;
  // A hook that failed without blocking (invalid output, onError "allow") is still reported.
  for (const e of outcome.errors) if (!e.blocked) await task.ui.say('hook_error', `PreToolUse hook '${e.tap}' failed: ${e.error.message}`);
  const blocked = outcome.errors.find((e) => e.blocked);
  if (blocked) {
    return errorResult(
      responses.toolError(`PreToolUse hook '${blocked.tap}' failed, so the call was blocked: ${blocked.error.message}`),
      ERROR_CODES.HOOK_BLOCKED,
      'keep',
    );
  }
  const decision = strongest(outcome.results);
  for (const r of outcome.results) if (r.additionalContext) call.context.push(hookContext('PreToolUse', r.additionalContext));
  if (decision?.decision === 'deny') {
    return errorResult(
      `A PreToolUse hook blocked this call${decision.reason ? `: ${decision.reason}` : '.'} The tool was not run; take the hook's reason into account and try another approach.`,
      ERROR_CODES.HOOK_BLOCKED,
      'keep',
    );
  }
  // In a subagent the approval port refuses: a hook's `ask` is never an allow (S1).
  if (decision?.decision === 'ask') {
    const answer = await task.ui.approve({
      tool: call.name,
      category: call.tool.approval.category,
      description: call.tool.getDescription({ ...call.block, params: call.params }),
      reason: decision.reason ?? 'a PreToolUse hook asked for confirmation',
      params: outcome.event.input,
    });
    if (!answer.approved) {
      if (!task.isSubagent) task.state.didRejectTool = true;
      return errorResult(
        answer.message ?? responses.toolDenied(),
        answer.message ? ERROR_CODES.APPROVAL_UNAVAILABLE : ERROR_CODES.APPROVAL_DENIED,
        'keep',
      );
    }
  }
  // Only a tap that answered with updatedInput rewrites the call (no deep compare on the hot path).
  if (outcome.results.some((r) => r.updatedInput)) {
    call.params = outcome.event.input;
    call.rewritten = true;
  }
  return undefined;
}

function strongest(results: PreToolUseResult[]): PreToolUseResult | undefined {
  const rank = { deny: 3, ask: 2, allow: 1 } as const;
  let best: PreToolUseResult | undefined;
  for (const r of results) if (r.decision && (!best?.decision || rank[r.decision] > rank[best.decision])) best = r;
  return best;
}

/** Context from a hook, in the baseline's `<hook_context>` wrapper. */
export function hookContext(source: string, text: string): string {
  const m = /^([A-Z_]+):\s*/.exec(text);
  const type = m ? m[1].toLowerCase() : 'general';
  const body = m ? text.slice(m[0].length) : text;
  return `<hook_context source="${source}" type="${type}">\n${body}\n</hook_context>`;
}
