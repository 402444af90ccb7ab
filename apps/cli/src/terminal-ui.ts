import type { EditPreview, HostUi } from '@quiver/core';
import { escapeTerminal } from '@quiver/core/host';
import { approvalPrompt } from './screen/approval-prompt.js';
import { askPrompt } from './screen/ask-prompt.js';
import { colorsFor, type Colors } from './screen/colors.js';
import { countsText, diffCounts } from './screen/diff-view.js';
import { INTERRUPTED_EXIT } from './screen/interrupts.js';

/** Options of the terminal host. */
export interface TerminalUiOptions {
  /** Approve whatever would be asked (`--yes`), and accept a completion without stopping; the gates still apply. */
  yes: boolean;
  /** Print say() messages to stderr. */
  verbose?: boolean;
  /** Stream live command output to stderr. */
  streamOutput?: boolean;
  /** After each save, print the path and its `+N -M` (quiver run on a terminal). */
  editSummaries?: boolean;
  /** Colours for stderr. @default on a terminal, unless NO_COLOR */
  colors?: Colors;
  /** Ctrl-C at a prompt. @default exit 130 at once */
  onInterrupt?(): void;
  /** Called before anything is printed (to stop a spinner). */
  beforeWrite?(): void;
}

/** The CLI's UI ports, and a way to clear the live "running" line once a call has ended. */
export interface TerminalUi extends HostUi {
  /** Erase the status line that live output leaves at the bottom (call before printing a result). */
  endOutput(): void;
  /** True when this completion result was already printed at the completion prompt. */
  showedCompletion(result: string): boolean;
}

/**
 * The CLI's UI ports. Approvals: `--yes` approves; on a TTY the user is asked with the tool,
 * the command or path, a diff for an edit, and why (see `approvalPrompt`); without a TTY the
 * call is refused with a message naming the flag or setting that would allow it. Everything
 * that came from a model or a program reaches the terminal through `escapeTerminal` (SPEC C4).
 */
export function createTerminalUi(options: TerminalUiOptions): TerminalUi {
  const status = statusLine();
  const colors = options.colors ?? colorsFor(process.stderr);
  const onInterrupt = options.onInterrupt ?? (() => process.exit(INTERRUPTED_EXIT));
  const previews = new Map<string, EditPreview>();
  const shown = new Set<string>();
  const clear = () => {
    options.beforeWrite?.();
    status.clear();
  };
  return {
    say(type, text) {
      if (!options.verbose) return;
      clear();
      process.stderr.write(`[${type}] ${escapeTerminal(text)}\n`);
    },
    async ask(type, text, data) {
      clear();
      if (!process.stdin.isTTY) {
        // Nobody can answer, but --verbose still shows what was asked (a question, a completion result).
        if (options.verbose) process.stderr.write(`[${type}] ${escapeTerminal(text)}\n`);
        return { response: 'no', text: 'No terminal to answer on.' };
      }
      if (type === 'completion_result') shown.add(text);
      return askPrompt(type, text, data, { colors, yes: options.yes, stdout: process.stdout, onInterrupt });
    },
    async approve(request) {
      clear();
      if (options.yes) return { approved: true };
      if (!process.stdin.isTTY) return noTerminal(request);
      const preview = request.path ? previews.get(request.path) : undefined;
      return approvalPrompt(request, { colors, preview: preview?.tool === request.tool ? preview : undefined, onInterrupt });
    },
    preview(p) {
      if (!p.final) return void previews.set(p.absolutePath, p);
      previews.delete(p.absolutePath);
      if (!options.editSummaries) return;
      clear();
      process.stderr.write(
        `quiver:   ${colors.green('saved')} ${escapeTerminal(p.path, { multiline: false })} ${countsText(diffCounts(p.original, p.content), colors)}\n`,
      );
    },
    notify: (message) => {
      clear();
      process.stderr.write(`quiver: ${escapeTerminal(message)}\n`);
    },
    output(chunk) {
      if (!options.streamOutput) return;
      clear();
      const text = escapeTerminal(chunk);
      process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
      status.draw(colors);
    },
    endOutput: () => status.clear(),
    showedCompletion: (result) => shown.has(result),
  };
}

function noTerminal(request: Parameters<HostUi['approve']>[0]) {
  const what = request.command ? `command: ${request.command}` : request.path ? `path: ${request.path}` : request.description;
  const setting = request.setting ? ` or set ${request.setting}: true in quiver.config` : '';
  return {
    approved: false,
    message: `${request.tool} needs approval (${request.reason}; ${what}) and there is no terminal to ask on. Re-run with --yes to approve it${setting}.`,
  };
}

/**
 * One dim "[quiver] running 3.2s" line under a command's live output, redrawn in place (only
 * ever on a terminal: output is streamed only there), timed from the first output.
 */
function statusLine(): { draw(colors: Colors): void; clear(): void } {
  let started: number | undefined;
  let drawn = false;
  return {
    draw(colors) {
      started ??= Date.now();
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      process.stderr.write(colors.dim(`[quiver] running ${secs}s`));
      drawn = true;
    },
    clear() {
      if (drawn) process.stderr.write('\r\x1b[2K');
      drawn = false;
    },
  };
}
