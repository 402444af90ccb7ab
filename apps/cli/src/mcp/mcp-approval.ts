import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApprovalRequest, ApprovalResponse } from '@quiver/core';

/**
 * What happens to a call that needs approval when the client cannot ask the user (no
 * elicitation support): `deny` (the default) refuses it with a message naming the setting
 * that would allow it; `approve` (`quiver mcp --yes`) lets it through. The gates still apply.
 */
export type ApprovalPolicy = 'deny' | 'approve';

/** Sends one form elicitation to the client and returns its answer. */
export type Elicit = (params: ElicitRequestFormParams) => Promise<ElicitResult>;

/** The form an approval elicitation shows: one confirm box and an optional note for the model. */
export const APPROVAL_SCHEMA: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    confirm: { type: 'boolean', title: 'Approve', description: 'Allow this tool call to run.', default: false },
    feedback: { type: 'string', title: 'Feedback', description: 'Optional note passed to the model with the answer.' },
  },
  required: ['confirm'],
};

/** What the call wants to touch, in words: the command, the path, or the call's description. */
function target(request: ApprovalRequest): string {
  if (request.command) return `run the command: ${request.command}`;
  if (request.path) return `access the path: ${request.path}`;
  return `run ${request.description}`;
}

/** The elicitation message: the tool, what it wants to do, why it asks and how not to be asked. */
export function approvalMessage(request: ApprovalRequest): string {
  const lines = [`Quiver: ${request.tool} wants to ${target(request)}`, `Why approval is needed: ${request.reason}.`];
  if (request.setting) lines.push(`To allow calls like this without asking, set ${request.setting}: true in quiver.config.`);
  return lines.join('\n');
}

/** The refusal given when nobody can be asked, naming what would allow the call. */
export function noElicitationDenial(request: ApprovalRequest): string {
  const setting = request.setting
    ? `Set ${request.setting}: true in quiver.config to allow calls like this one, `
    : 'Approve it in quiver.config, ';
  return (
    `${request.tool} needs approval (${request.reason}) to ${target(request)}, and this MCP client cannot ask the user ` +
    `because it does not support elicitation. ${setting}start the server with 'quiver mcp --yes', or use a client that supports elicitation.`
  );
}

/**
 * Ask for approval: through MCP elicitation when the client supports it (`elicit` given),
 * else by the policy. Declining, cancelling or an unanswerable elicitation all deny.
 */
export async function askApproval(request: ApprovalRequest, elicit: Elicit | undefined, policy: ApprovalPolicy): Promise<ApprovalResponse> {
  if (!elicit) return policy === 'approve' ? { approved: true } : { approved: false, message: noElicitationDenial(request) };
  let answer: ElicitResult;
  try {
    answer = await elicit({ mode: 'form', message: approvalMessage(request), requestedSchema: APPROVAL_SCHEMA });
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return {
      approved: false,
      message: `${request.tool} needs approval (${request.reason}), but asking the MCP client failed: ${why}. The call was not run.`,
    };
  }
  if (answer.action !== 'accept') return { approved: false };
  const feedback =
    typeof answer.content?.feedback === 'string' && answer.content.feedback.trim() ? answer.content.feedback.trim() : undefined;
  return { approved: answer.content?.confirm === true, ...(feedback ? { feedback } : {}) };
}
