import { ERROR_CODES } from '../errors.js';
import type { ApprovalRequest, HostUi } from '../host/host-ui.js';
import { responses } from '../responses/responses.js';
import { errorResult, type ToolResult } from '../tool/tool-result.js';
import type { CallOptions, Gate, TaskContext } from './call-context.js';
import { failure, findTool, newCall, runGates } from './call-steps.js';
import { approvalNeeded } from './gates/approval.js';
import { commandPermissions } from './gates/command-permissions.js';
import { ignoreRules } from './gates/ignore-rules.js';
import { resolvePaths } from './gates/resolve-paths.js';
import { validateParams } from './gates/validate-params.js';
import { modelRefusal } from './offer-gate.js';

/** What the pipeline would do with a call, found by {@link Task.check} without running it. */
export type CheckOutcome =
  /** The user would be asked: this is the prompt. */
  | { kind: 'ask'; request: ApprovalRequest }
  /** Approved without asking: by the approval settings or a tool's own rule (`auto`), or nothing to approve (`not-needed`). */
  | { kind: 'auto'; approval: 'auto' | 'not-needed' }
  /** The call would be refused before approval (unknown or not offered, validation, permissions, ignore rules); the result says why. */
  | { kind: 'refused'; result: ToolResult };

/** The gates a check runs before the approval decision (the same as a call's, minus the prompt). */
const CHECK_GATES: readonly Gate[] = [validateParams, commandPermissions, ignoreRules, resolvePaths];

/** A UI that tells nobody anything: a check reports, it does not show or ask. */
const SILENT_UI: HostUi = {
  say: () => undefined,
  ask: async () => ({ response: 'no', text: 'Quiver is only checking this call.' }),
  approve: async () => ({ approved: false, message: 'Quiver is only checking this call.' }),
};

/**
 * A dry run of one call up to and including approval: the input gates, then the approval
 * decision without its prompt. No PreToolUse hook runs, the tool does not run, nothing is
 * shown or asked, and the task's state (rejections, mistakes, loop count) is left as it was.
 */
export async function checkCall(
  task: TaskContext,
  name: string,
  params: Record<string, unknown>,
  options: CallOptions = {},
): Promise<CheckOutcome> {
  const quiet: TaskContext = { ...task, ui: SILENT_UI };
  const found = await findTool(quiet, name);
  const refused = options.from === 'model' ? modelRefusal(quiet, name, found, options) : undefined;
  if (refused) return { kind: 'refused', result: refused };
  if (!('execute' in found)) return { kind: 'refused', result: found };
  const call = newCall(quiet, { name, params, partial: false }, found);
  try {
    if (task.state.didRejectTool)
      return {
        kind: 'refused',
        result: errorResult(responses.skippedAfterRejection(found.getDescription(call.block)), ERROR_CODES.APPROVAL_DENIED, 'keep'),
      };
    const stopped = await runGates(call, CHECK_GATES);
    if (stopped) return { kind: 'refused', result: stopped };
    call.stage = 'approval';
    const pending = await approvalNeeded(call);
    return pending
      ? { kind: 'ask', request: pending.request }
      : { kind: 'auto', approval: call.approval === 'auto' ? 'auto' : 'not-needed' };
  } catch (e) {
    return { kind: 'refused', result: failure(call, e) };
  } finally {
    await call.scope.dispose();
  }
}
