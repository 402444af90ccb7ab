import { createInterface } from 'node:readline/promises';
import { escapeTerminal, hasControlChars, type ApprovalRequest, type ApprovalResponse, type HostUi } from '@quiver/core';

/** Options of the terminal host. */
export interface TerminalUiOptions {
  /** Approve whatever would be asked (`--yes`); the gates still apply. */
  yes: boolean;
  /** Print say() messages to stderr. */
  verbose?: boolean;
  /** Stream live command output to stderr. */
  streamOutput?: boolean;
}

/** The CLI's UI ports, and a way to clear the live "running" line once a call has ended. */
export interface TerminalUi extends HostUi {
  /** Erase the status line that live output leaves at the bottom (call before printing a result). */
  endOutput(): void;
}

/**
 * The CLI's UI ports. Approvals: `--yes` approves; on a TTY the user is asked yes/no with the
 * tool, the command or path and why; without a TTY the call is refused with a message naming
 * the flag or setting that would allow it. Everything that came from a model or a program
 * reaches the terminal through `escapeTerminal` (SPEC C4).
 */
export function createTerminalUi(options: TerminalUiOptions): TerminalUi {
  const status = statusLine();
  return {
    say(type, text) {
      if (!options.verbose) return;
      status.clear();
      process.stderr.write(`[${type}] ${escapeTerminal(text)}\n`);
    },
    async ask(type, text) {
      status.clear();
      if (!process.stdin.isTTY) {
        // Nobody can answer, but --verbose still shows what was asked (a question, a completion result).
        if (options.verbose) process.stderr.write(`[${type}] ${escapeTerminal(text)}\n`);
        return { response: 'no', text: 'No terminal to answer on.' };
      }
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        const answer = await rl.question(`${escapeTerminal(text)}\n> `);
        return { response: 'message', text: answer };
      } finally {
        rl.close();
      }
    },
    approve: (request) => {
      status.clear();
      return approve(request, options);
    },
    notify: (message) => {
      status.clear();
      process.stderr.write(`quiver: ${escapeTerminal(message)}\n`);
    },
    output(chunk) {
      if (!options.streamOutput) return;
      status.clear();
      const shown = escapeTerminal(chunk);
      process.stderr.write(shown.endsWith('\n') ? shown : `${shown}\n`);
      status.draw();
    },
    endOutput: () => status.clear(),
  };
}

/**
 * One dim "[quiver] running 3.2s" line under a command's live output, redrawn in place (only
 * ever on a terminal: output is streamed only there), timed from the first output.
 */
function statusLine(): { draw(): void; clear(): void } {
  let started: number | undefined;
  let drawn = false;
  return {
    draw() {
      started ??= Date.now();
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      process.stderr.write(`\x1b[2m[quiver] running ${secs}s\x1b[0m`);
      drawn = true;
    },
    clear() {
      if (drawn) process.stderr.write('\r\x1b[2K');
      drawn = false;
    },
  };
}

async function approve(request: ApprovalRequest, options: TerminalUiOptions): Promise<ApprovalResponse> {
  if (options.yes) return { approved: true };
  const what = request.command ? `command: ${request.command}` : request.path ? `path: ${request.path}` : request.description;
  if (!process.stdin.isTTY) {
    const setting = request.setting ? ` or set ${request.setting}: true in quiver.config` : '';
    return {
      approved: false,
      message: `${request.tool} needs approval (${request.reason}; ${what}) and there is no terminal to ask on. Re-run with --yes to approve it${setting}.`,
    };
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`\n${promptLine(request)}\nWhy approval is needed: ${escapeTerminal(request.reason)}\nApprove? [y/N] `);
    return { approved: /^y(es)?$/i.test(answer.trim()) };
  } finally {
    rl.close();
  }
}

/**
 * "execute_command wants to run: ls", "write_to_file wants to edit: /abs/path", ... The
 * command and path are shown exactly: one without control characters as it is, one with them
 * escaped (`\r`, `\x1b`) under a warning, so a CR or an erase-line cannot hide what runs.
 */
function promptLine(request: ApprovalRequest): string {
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
