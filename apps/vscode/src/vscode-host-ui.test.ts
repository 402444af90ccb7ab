import { describe, expect, it } from 'vitest';
import type { ApprovalRequest, HostUi } from '@quiver/core';
import { APPROVE, DENY } from './approval-prompt.js';
import type { CommandOutput } from './command-output.js';
import type { EditPreviews } from './edit-preview.js';
import { createFakeWindow } from './fake-vscode.js';
import { createOutputLog } from './output-log.js';
import { createCallUi, createVscodeHostUi } from './vscode-host-ui.js';

const request: ApprovalRequest = {
  tool: 'write_to_file',
  category: 'edit',
  description: 'd',
  reason: 'approval.editFiles is off',
  path: '/w/a.txt',
  params: {},
  setting: 'approval.editFiles',
};

function setup(answers: (string | undefined)[] = []) {
  const window = createFakeWindow(answers);
  const lines: string[] = [];
  const log = createOutputLog({ appendLine: (l) => void lines.push(l), show: () => undefined, dispose: () => undefined });
  const chunks: string[] = [];
  const commandOutput: CommandOutput = {
    begin: (c) => void chunks.push(`begin ${c}`),
    write: (c, s) => void chunks.push(`${s} ${c}`),
    dispose: () => undefined,
  };
  const closed: string[] = [];
  const shown: unknown[] = [];
  const previews: EditPreviews = {
    show: async (p) => void shown.push(p),
    close: async (p) => void closed.push(p),
    isOpen: () => true,
    dispose: () => undefined,
  };
  const ui = createVscodeHostUi({ window, log, commandOutput, previews, promptStyle: () => 'modal' });
  return { ui, window, log, lines, chunks, closed, shown, commandOutput };
}

describe('VS Code host UI', () => {
  it('says to the output channel and asks in an input box', async () => {
    const t = setup(['blue', undefined]);
    await t.ui.say('ignore_error', 'a.txt is ignored');
    expect(t.lines).toEqual(['[ignore_error] a.txt is ignored']);
    expect(await t.ui.ask('followup', 'Which colour?')).toEqual({ response: 'message', text: 'blue' });
    expect(await t.ui.ask('followup', 'Again?')).toEqual({ response: 'no' });
  });

  it('logs each approval, and closes the preview of a denied edit', async () => {
    const t = setup([APPROVE, DENY]);
    expect(await t.ui.approve(request)).toEqual({ approved: true });
    expect(t.closed).toEqual([]);
    expect(await t.ui.approve(request)).toEqual({ approved: false });
    expect(t.closed).toEqual(['/w/a.txt']);
    expect(t.log.transcript()).toContain('[approval] write_to_file (path: /w/a.txt): approved by the user; approval.editFiles is off');
    expect(t.log.transcript()).toContain('[approval] write_to_file (path: /w/a.txt): denied by the user');
  });

  it('streams command output to the terminal and previews to the diff', async () => {
    const t = setup();
    t.ui.output!('hi\n', 'stdout');
    await t.ui.preview!({ tool: 'write_to_file', path: 'a', absolutePath: '/w/a', original: '', content: 'x', final: false });
    expect(t.chunks).toEqual(['stdout hi\n']);
    expect(t.shown).toHaveLength(1);
  });
});

describe('call UI', () => {
  const base = (answers: boolean[]): HostUi & { asked: ApprovalRequest[] } => {
    const asked: ApprovalRequest[] = [];
    return {
      asked,
      say: () => undefined,
      ask: async () => ({ response: 'no' }),
      approve: async (r) => (asked.push(r), { approved: answers.shift() ?? false }),
      output: () => undefined,
    };
  };

  it('answers the pre-approved request once, without asking, and asks for anything else', async () => {
    const t = setup();
    const host = base([false, false]);
    const ui = createCallUi(host, { tool: 'write_to_file', params: {}, preapproved: request, commandOutput: t.commandOutput, log: t.log });
    expect(await ui.approve({ ...request, path: '/w/other.txt' })).toEqual({ approved: false });
    expect(await ui.approve(request)).toEqual({ approved: true });
    expect(await ui.approve(request)).toEqual({ approved: false });
    expect(host.asked.map((r) => r.path)).toEqual(['/w/other.txt', '/w/a.txt']);
    expect(t.log.transcript()).toContain("approved by VS Code's confirmation");
  });

  it("writes the command's header to the terminal before its first output", () => {
    const t = setup();
    const ui = createCallUi(base([]), { tool: 'execute_command', params: { command: 'ls' }, commandOutput: t.commandOutput, log: t.log });
    ui.output!('a\n', 'stdout');
    ui.output!('b\n', 'stdout');
    expect(t.chunks).toEqual(['begin ls']);
  });
});
