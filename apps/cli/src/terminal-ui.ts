import { createInterface } from 'node:readline/promises';
import type { ApprovalRequest, ApprovalResponse, HostUi } from '@quiver/core';

/** Options of the terminal host. */
export interface TerminalUiOptions {
  /** Approve whatever would be asked (`--yes`); the gates still apply. */
  yes: boolean;
  /** Print say() messages to stderr. */
  verbose?: boolean;
  /** Stream live command output to stderr. */
  streamOutput?: boolean;
}

/**
 * The CLI's UI ports. Approvals: `--yes` approves; on a TTY the user is asked yes/no with the
 * tool, the command or path and why; without a TTY the call is refused with a message naming
 * the flag or setting that would allow it.
 */
export function createTerminalUi(options: TerminalUiOptions): HostUi {
  const started = Date.now();
  return {
    say(type, text) {
      if (options.verbose || type === 'error' || type === 'command_permission_denied' || type === 'ignore_error') {
        if (options.verbose) process.stderr.write(`[${type}] ${text}\n`);
      }
    },
    async ask(_type, text) {
      if (!process.stdin.isTTY) return { response: 'no', text: 'No terminal to answer on.' };
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        const answer = await rl.question(`${text}\n> `);
        return { response: 'message', text: answer };
      } finally {
        rl.close();
      }
    },
    approve: (request) => approve(request, options),
    notify: (message) => process.stderr.write(`quiver: ${message}\n`),
    output(chunk) {
      if (!options.streamOutput) return;
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      process.stderr.write(chunk.endsWith('\n') ? chunk : `${chunk}\n`);
      process.stderr.write(`\x1b[2m[quiver] running ${secs}s\x1b[0m\n`);
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
    const answer = await rl.question(`\n${request.tool} wants to run (${what})\nWhy approval is needed: ${request.reason}\nApprove? [y/N] `);
    return { approved: /^y(es)?$/i.test(answer.trim()) };
  } finally {
    rl.close();
  }
}
