import type * as vscode from 'vscode';
import type { ApprovalRequest, ApprovalResponse } from '@quiver/core';

/** The buttons of an approval prompt. */
export const APPROVE = 'Approve';
export const DENY = 'Deny';
export const DENY_WITH_FEEDBACK = 'Deny with Feedback…';

/** How approvals are asked: a modal dialog or a notification. */
export type ApprovalPromptStyle = 'modal' | 'notification';

/** The window functions an approval prompt uses. */
export type PromptWindow = Pick<typeof vscode.window, 'showWarningMessage' | 'showInputBox'>;

/** The text of an approval prompt: a headline, and the details (tool, path or command, why). */
export interface ApprovalText {
  message: string;
  detail: string;
}

/**
 * Word an approval request for a person: what the tool wants to touch, why Quiver asks, and
 * which setting would approve calls like it automatically.
 * @example
 * approvalText({ tool: 'write_to_file', path: '/w/a.txt', reason: 'approval.editFiles is off', ... })
 * // { message: 'Quiver: allow write_to_file?', detail: 'Tool: write_to_file\nPath: /w/a.txt\nWhy: approval.editFiles is off\n...' }
 */
export function approvalText(request: ApprovalRequest): ApprovalText {
  const lines = [`Tool: ${request.tool}`];
  if (request.command !== undefined) lines.push(`Command: ${request.command}`);
  if (request.path !== undefined) lines.push(`Path: ${request.path}`);
  if (request.command === undefined && request.path === undefined) lines.push(`Call: ${request.description}`);
  lines.push(`Why: ${request.reason}`);
  if (request.setting) {
    const key = request.setting.replace(/^approval\./, '');
    lines.push(
      `To allow calls like this without asking, set ${request.setting}: true in quiver.config or quiver.approval.${key} in VS Code's settings.`,
    );
  }
  return { message: `Quiver: allow ${request.tool}?`, detail: lines.join('\n') };
}

/** Ask the user to approve a call; closing the prompt is a denial. */
export async function promptApproval(
  window: PromptWindow,
  request: ApprovalRequest,
  style: ApprovalPromptStyle,
): Promise<ApprovalResponse> {
  const { message, detail } = approvalText(request);
  const answer =
    style === 'modal'
      ? await window.showWarningMessage(message, { modal: true, detail }, APPROVE, DENY, DENY_WITH_FEEDBACK)
      : await window.showWarningMessage(`${message} ${detail.replace(/\n/g, ' · ')}`, APPROVE, DENY, DENY_WITH_FEEDBACK);
  if (answer === APPROVE) return { approved: true };
  if (answer === DENY_WITH_FEEDBACK) {
    const feedback = await window.showInputBox({
      title: `Why deny ${request.tool}?`,
      prompt: 'Quiver passes this to the model with the denial.',
    });
    return feedback ? { approved: false, feedback } : { approved: false };
  }
  return { approved: false };
}
