import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '@quiver/core';
import { APPROVE, DENY, DENY_WITH_FEEDBACK, approvalText, promptApproval } from './approval-prompt.js';
import { createFakeWindow } from './fake-vscode.js';

const writeRequest: ApprovalRequest = {
  tool: 'write_to_file',
  category: 'edit',
  description: "[write_to_file for 'a.txt']",
  reason: 'approval.editFiles is off',
  path: '/w/a.txt',
  params: { path: 'a.txt', content: 'x' },
  setting: 'approval.editFiles',
};

describe('approvalText', () => {
  it('names the tool, the path, why, and the setting that would approve it', () => {
    const { message, detail } = approvalText(writeRequest);
    expect(message).toBe('Quiver: allow write_to_file?');
    expect(detail.split('\n')).toEqual([
      'Tool: write_to_file',
      'Path: /w/a.txt',
      'Why: approval.editFiles is off',
      "To allow calls like this without asking, set approval.editFiles: true in quiver.config or quiver.approval.editFiles in VS Code's settings.",
    ]);
  });

  it('shows the command of a command tool, and the call when there is neither path nor command', () => {
    expect(approvalText({ ...writeRequest, tool: 'execute_command', path: undefined, command: 'rm -rf build' }).detail).toContain(
      'Command: rm -rf build',
    );
    const other = approvalText({ ...writeRequest, tool: 'ask', path: undefined, setting: undefined, description: '[ask]' }).detail;
    expect(other).toBe('Tool: ask\nCall: [ask]\nWhy: approval.editFiles is off');
  });
});

describe('promptApproval', () => {
  it('asks in a modal dialog with the details, and Approve approves', async () => {
    const window = createFakeWindow([APPROVE]);
    expect(await promptApproval(window, writeRequest, 'modal')).toEqual({ approved: true });
    expect(window.prompts[0]).toMatchObject({
      kind: 'warning',
      message: 'Quiver: allow write_to_file?',
      options: { modal: true, detail: approvalText(writeRequest).detail },
    });
    expect(window.prompts[0].items).toEqual([APPROVE, DENY, DENY_WITH_FEEDBACK]);
  });

  it('asks in a notification carrying the details on one line', async () => {
    const window = createFakeWindow([DENY]);
    expect(await promptApproval(window, writeRequest, 'notification')).toEqual({ approved: false });
    expect(window.prompts[0].options).toBeUndefined();
    expect(window.prompts[0].message).toContain('Tool: write_to_file · Path: /w/a.txt · Why: approval.editFiles is off');
  });

  it('treats a dismissed prompt as a denial', async () => {
    expect(await promptApproval(createFakeWindow([undefined]), writeRequest, 'modal')).toEqual({ approved: false });
  });

  it('passes feedback typed after "Deny with Feedback…"', async () => {
    expect(await promptApproval(createFakeWindow([DENY_WITH_FEEDBACK, 'use a.md instead']), writeRequest, 'modal')).toEqual({
      approved: false,
      feedback: 'use a.md instead',
    });
    expect(await promptApproval(createFakeWindow([DENY_WITH_FEEDBACK, undefined]), writeRequest, 'modal')).toEqual({ approved: false });
  });
});
