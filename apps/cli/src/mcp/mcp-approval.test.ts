import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';
import type { ApprovalRequest } from '@quiver/core';
import { describe, expect, it } from 'vitest';
import { APPROVAL_SCHEMA, approvalMessage, askApproval } from './mcp-approval.js';

const request: ApprovalRequest = {
  tool: 'execute_command',
  category: 'command',
  description: "[execute_command for 'rm -rf build']",
  reason: 'the command looks destructive: rm deletes files',
  command: 'rm -rf build',
  params: { command: 'rm -rf build' },
  setting: 'approval.executeAllCommands',
};

describe('askApproval', () => {
  it('asks through elicitation with the tool, the command and why', async () => {
    const asked: ElicitRequestFormParams[] = [];
    const answer = await askApproval(request, async (p) => (asked.push(p), { action: 'accept', content: { confirm: true } }), 'deny');
    expect(answer).toEqual({ approved: true });
    expect(asked[0].requestedSchema).toEqual(APPROVAL_SCHEMA);
    expect(asked[0].message).toContain('execute_command');
    expect(asked[0].message).toContain('rm -rf build');
    expect(asked[0].message).toContain('rm deletes files');
  });

  it('passes feedback on and treats confirm=false, decline and cancel as no', async () => {
    expect(
      await askApproval(request, async () => ({ action: 'accept', content: { confirm: false, feedback: ' use trash ' } }), 'approve'),
    ).toEqual({
      approved: false,
      feedback: 'use trash',
    });
    expect(await askApproval(request, async () => ({ action: 'decline' }), 'approve')).toEqual({ approved: false });
    expect(await askApproval(request, async () => ({ action: 'cancel' }), 'approve')).toEqual({ approved: false });
  });

  it('denies when the elicitation fails', async () => {
    const answer = await askApproval(request, () => Promise.reject(new Error('timed out')), 'approve');
    expect(answer.approved).toBe(false);
    expect(answer.message).toContain('timed out');
  });

  it('follows the policy when the client cannot elicit, naming the setting', async () => {
    expect(await askApproval(request, undefined, 'approve')).toEqual({ approved: true });
    const denied = await askApproval(request, undefined, 'deny');
    expect(denied.approved).toBe(false);
    expect(denied.message).toContain('approval.executeAllCommands');
    expect(denied.message).toContain('elicitation');
  });

  it('describes path calls by their path', () => {
    expect(approvalMessage({ ...request, command: undefined, path: '/etc/hosts', setting: undefined })).toContain(
      'access the path: /etc/hosts',
    );
  });
});
