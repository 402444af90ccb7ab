import { ERROR_CODES } from '../../errors.js';
import { responses } from '../../responses/responses.js';
import { errorResult, type ToolResult } from '../../tool/tool-result.js';
import type { ApprovalDecision, SandboxVerdict } from '../../approval/auto-approver.js';
import type { ApprovalRequest } from '../../host/host-ui.js';
import type { CallContext, Gate } from '../call-context.js';
import { buildTaskConfig } from '../build-task-config.js';

/**
 * Approval before any work (SPEC Part A): auto by the AutoApprover's truth table, else the
 * host asks the user. Subagents get exactly the main task's automatic decisions (S1): what
 * would be asked reaches their approval port, which refuses (see `subagentUi`). A "no" is not
 * a mistake.
 */
export const approval: Gate = {
  name: 'approval',
  run(call) {
    const { tool } = call;
    // No escalation or sandbox to wait for and approved on its own (a read inside the
    // workspace, say): decided synchronously, as most calls are.
    if (!tool.approval.escalate && !tool.approval.sandbox && settled(call, decisionOf(call, undefined, undefined))) return undefined;
    return ask(call);
  },
};

async function ask(call: CallContext): Promise<ToolResult | undefined> {
  const pending = await approvalNeeded(call);
  return pending ? askTheUser(call, pending) : undefined;
}

/** The AutoApprover's decision on the call, given what the tool's escalation and sandbox said. */
function decisionOf(call: CallContext, escalated: string | undefined, sandbox: SandboxVerdict | undefined): ApprovalDecision {
  const { tool, task } = call;
  let hasPath = false;
  let inside: boolean | undefined;
  for (const key in tool.paths) {
    hasPath = true;
    const path = call.paths[key];
    if (path) inside = (inside ?? true) && path.inside;
  }
  return task.approver.decide(call.name, tool.approval.category, { inside, hasPath, escalated, sandbox });
}

/** True (and `call.approval` set) when the decision approves the call on its own. */
function settled(call: CallContext, decision: ApprovalDecision): boolean {
  if (!decision.auto) return false;
  call.approval = decision.reason === 'no approval needed' ? 'not-needed' : 'auto';
  return true;
}

/** A call the approval gate would put to the user: the decision that asks, and the prompt. */
export interface PendingApproval {
  decision: ApprovalDecision;
  request: ApprovalRequest;
}

/**
 * The approval gate without its prompt: undefined when the call is approved on its own
 * (`call.approval` says how), else what the user would be asked. Asks nobody and changes no
 * task state, so `check()` shares it with the gate.
 */
export async function approvalNeeded(call: CallContext): Promise<PendingApproval | undefined> {
  const { tool } = call;
  const escalated = tool.approval.escalate ? await tool.approval.escalate(buildTaskConfig(call), call.parsed as never) : undefined;
  const sandbox = await sandboxVerdict(call);
  const decision = decisionOf(call, escalated, sandbox);
  if (settled(call, decision)) return undefined;
  // The tool's own rule (an MCP server's per-tool autoApprove list) can spare the prompt.
  if (!sandbox?.escape && tool.approval.autoApprove && (await tool.approval.autoApprove(buildTaskConfig(call), call.parsed as never))) {
    call.approval = 'auto';
    return undefined;
  }
  return { decision, request: approvalRequest(call, decision) };
}

/** Where the call will run, when the tool starts programs through the sandbox. */
async function sandboxVerdict(call: CallContext): Promise<SandboxVerdict | undefined> {
  const plan = call.tool.approval.sandbox ? await call.tool.approval.sandbox(buildTaskConfig(call), call.parsed as never) : undefined;
  if (!plan) return undefined;
  const escape =
    plan.hostReason === 'escape'
      ? 'it asks to run outside the sandbox'
      : plan.hostReason === 'excluded'
        ? 'it runs outside the sandbox (sandbox.excludedCommands)'
        : undefined;
  return { sandboxed: plan.sandboxed, escape };
}

/** The prompt the host's `approve` port gets for a call. */
function approvalRequest(call: CallContext, decision: ApprovalDecision): ApprovalRequest {
  const { tool } = call;
  const first = Object.keys(tool.paths)
    .map((k) => call.paths[k])
    .find(Boolean);
  const command = tool.command ? (call.parsed[tool.command] as string | undefined) : undefined;
  return {
    tool: call.name,
    category: tool.approval.category,
    description: tool.getDescription({ ...call.block, params: call.parsed }),
    reason: decision.reason,
    path: first ? first.resolved : undefined,
    command,
    // A copy: the tool runs with `call.parsed` itself, so a UI that edits what it shows must
    // not change what runs after the checks.
    params: copyOf(call.parsed),
    setting: decision.setting,
  };
}

/** Ask the host's `approve` port. A "no" skips the message's remaining tools and is not a mistake. */
async function askTheUser(call: CallContext, pending: PendingApproval): Promise<ToolResult | undefined> {
  const { task } = call;
  const answer = await task.ui.approve(pending.request);
  if (!answer.approved) {
    // A subagent's refusal is no user rejecting the turn: its other calls still run.
    if (!task.isSubagent) task.state.didRejectTool = true;
    const note = answer.feedback ? `\nThe user provided the following feedback:\n<feedback>\n${answer.feedback}\n</feedback>` : '';
    if (answer.message) return errorResult(answer.message + note, ERROR_CODES.APPROVAL_UNAVAILABLE, 'keep');
    return errorResult(responses.toolDenied() + note, ERROR_CODES.APPROVAL_DENIED, 'keep');
  }
  // Feedback given with a "yes" goes with the result; with a "no" it is in the denial above.
  if (answer.feedback)
    task.messages.pendingContext.push(`The user provided the following feedback:\n<feedback>\n${answer.feedback}\n</feedback>`);
  call.approval = 'user';
  return undefined;
}

/** A deep copy of validated params (a shallow one if they hold something that cannot be cloned). */
function copyOf(params: Record<string, unknown>): Record<string, unknown> {
  try {
    return structuredClone(params);
  } catch {
    return { ...params };
  }
}
