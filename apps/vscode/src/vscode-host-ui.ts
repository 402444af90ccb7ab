import type * as vscode from 'vscode';
import type { ApprovalRequest, ApprovalResponse, HostUi } from '@quiver/core';
import { promptApproval, type ApprovalPromptStyle, type PromptWindow } from './approval-prompt.js';
import type { CommandOutput } from './command-output.js';
import type { EditPreviews } from './edit-preview.js';
import type { OutputLog } from './output-log.js';

/** What the VS Code host UI is built from. */
export interface HostUiDeps {
  window: PromptWindow & Pick<typeof vscode.window, 'showInformationMessage'>;
  log: OutputLog;
  commandOutput: CommandOutput;
  previews: EditPreviews;
  /** The `quiver.approvalPrompt` setting, read at each prompt. */
  promptStyle(): ApprovalPromptStyle;
}

/**
 * Quiver's UI ports on VS Code: messages go to the "Quiver" output channel, questions to an
 * input box, approvals to a modal (or notification) prompt naming the tool, the path or
 * command and why, command output to the "Quiver" terminal, and edit previews to a diff editor.
 */
export function createVscodeHostUi(deps: HostUiDeps): HostUi {
  return {
    say(type, text) {
      deps.log.append(`[${type}] ${text}`);
    },
    async ask(_type, text) {
      const answer = await deps.window.showInputBox({ title: 'Quiver', prompt: text, ignoreFocusOut: true });
      return answer === undefined ? { response: 'no' } : { response: 'message', text: answer };
    },
    async approve(request) {
      const answer = await promptApproval(deps.window, request, deps.promptStyle());
      logApproval(deps.log, request, answer, 'the user');
      // A denied edit will not happen: its preview would only mislead.
      if (!answer.approved && request.path !== undefined) await deps.previews.close(request.path);
      return answer;
    },
    notify(message) {
      void deps.window.showInformationMessage(`Quiver: ${message}`);
    },
    output(chunk, stream) {
      deps.commandOutput.write(chunk, stream);
    },
    preview: (preview) => deps.previews.show(preview),
    progress(message) {
      deps.log.append(`[progress] ${message}`);
    },
  };
}

/** One call's context for its UI. */
export interface CallUiOptions {
  tool: string;
  params: Readonly<Record<string, unknown>>;
  /**
   * An approval the user already gave for this call (VS Code's own confirmation of a chat
   * tool call): a prompt that matches it is answered yes without asking again.
   */
  preapproved?: ApprovalRequest;
  commandOutput: CommandOutput;
  log: OutputLog;
}

/**
 * The UI of one call: the host UI, plus a header in the terminal before the command's first
 * output, and the pre-approval (once, and only for the same tool, path and command).
 */
export function createCallUi(base: HostUi, options: CallUiOptions): HostUi {
  let started = false;
  let preapproved = options.preapproved;
  return {
    ...base,
    say: (type, text, data) => base.say(type, text, data),
    ask: (type, text, data) => base.ask(type, text, data),
    async approve(request) {
      if (preapproved && sameCall(preapproved, request)) {
        preapproved = undefined;
        logApproval(options.log, request, { approved: true }, "VS Code's confirmation");
        return { approved: true };
      }
      return base.approve(request);
    },
    output(chunk, stream) {
      if (!started && typeof options.params.command === 'string') options.commandOutput.begin(options.params.command);
      started = true;
      base.output?.(chunk, stream);
    },
  };
}

function sameCall(a: ApprovalRequest, b: ApprovalRequest): boolean {
  return a.tool === b.tool && a.path === b.path && a.command === b.command && a.category === b.category;
}

function logApproval(log: OutputLog, request: ApprovalRequest, answer: ApprovalResponse, by: string): void {
  const what =
    request.command !== undefined ? ` (command: ${request.command})` : request.path !== undefined ? ` (path: ${request.path})` : '';
  log.append(`[approval] ${request.tool}${what}: ${answer.approved ? 'approved' : 'denied'} by ${by}; ${request.reason}`);
}
