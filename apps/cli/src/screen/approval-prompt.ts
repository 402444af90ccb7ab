import type { ApprovalRequest, ApprovalResponse, EditPreview } from '@quiver/core';
import { escapeTerminal, hasControlChars } from '@quiver/core/host';
import type { Colors } from './colors.js';
import { formatDiff, formatPatch } from './diff-view.js';
import { promptLine } from './line-prompt.js';

/** What the approval prompt needs besides the request. */
export interface ApprovalPromptContext {
  colors: Colors;
  /** The edit the tool previewed for this path (write_to_file, replace_in_file, new_rule). */
  preview?: EditPreview;
  /** Ctrl-C at the prompt: cancel the task (a second press quits). */
  onInterrupt(): void;
}

/** What the user is told when they press Ctrl-C at a prompt. */
export const CANCELLED_AT_PROMPT = 'The user pressed Ctrl-C: the task was cancelled.';

/**
 * Ask on the terminal whether a call may run: what it does (the exact command, the path and,
 * for an edit, a coloured diff of the change), why approval is needed, then
 * `Approve? [y/N, or type why not]`. `y`/`yes` approves; Enter, `n`, `no` and Ctrl-D deny;
 * any other text denies with that text sent to the model as the reason; Ctrl-C denies and
 * cancels the task.
 */
export async function approvalPrompt(request: ApprovalRequest, ctx: ApprovalPromptContext): Promise<ApprovalResponse> {
  const c = ctx.colors;
  const body = [
    c.yellow(whatItDoes(request)),
    ...changeView(request, ctx),
    c.dim(`Why approval is needed: ${escapeTerminal(request.reason)}`),
  ];
  const answer = await promptLine(`\n${body.join('\n')}\n${c.bold('Approve?')} [y/N, or type why not] `);
  if (answer.kind === 'interrupt') {
    ctx.onInterrupt();
    return { approved: false, message: CANCELLED_AT_PROMPT };
  }
  if (answer.kind === 'eof') return { approved: false };
  const text = answer.text.trim();
  if (/^y(es)?$/i.test(text)) return { approved: true };
  if (!text || /^no?$/i.test(text)) return { approved: false };
  return { approved: false, feedback: text };
}

/** The diff of an edit, or the patch of apply_patch; nothing for other tools. */
function changeView(request: ApprovalRequest, ctx: ApprovalPromptContext): string[] {
  if (ctx.preview) return [formatDiff(ctx.preview.path, ctx.preview.original, ctx.preview.content, ctx.colors)];
  const patch = request.params.input ?? request.params.patch;
  if (request.tool === 'apply_patch' && typeof patch === 'string') return [formatPatch(patch, ctx.colors)];
  return [];
}

/**
 * "execute_command wants to run: ls", "write_to_file wants to edit: /abs/path", ... The
 * command and path are shown exactly: one without control characters as it is, one with them
 * escaped (`\r`, `\x1b`) under a warning, so a CR or an erase-line cannot hide what runs.
 */
function whatItDoes(request: ApprovalRequest): string {
  if (request.command) return `${request.tool} wants to run: ${exact(request.command)}`;
  if (request.path) {
    const verb = request.category === 'edit' ? 'edit' : request.category === 'read' ? 'read' : 'access';
    return `${request.tool} wants to ${verb}: ${exact(request.path)}`;
  }
  return `${request.tool} asks for approval: ${escapeTerminal(request.description)}`;
}

function exact(text: string): string {
  if (!hasControlChars(text.replace(/[\n\t]/g, ''))) return text;
  return `${escapeTerminal(text, { multiline: false })}\n  WARNING: it contains control characters (shown escaped above, e.g. \\r, \\x1b); they are part of what runs.`;
}
