import type * as vscode from 'vscode';

/** The terminal API the command output uses. */
export interface TerminalApi {
  createTerminal(options: vscode.ExtensionTerminalOptions): vscode.Terminal;
  /** An event emitter factory (`vscode.EventEmitter`). */
  newEmitter<T>(): vscode.EventEmitter<T>;
}

/** Live output of `execute_command`, shown in a "Quiver" pseudoterminal. */
export interface CommandOutput {
  /** Write one chunk as it arrives; the terminal is opened on the first one. */
  write(chunk: string, stream: 'stdout' | 'stderr'): void;
  /** A header line before a command's output. */
  begin(command: string): void;
  dispose(): void;
}

/**
 * A pseudoterminal that only displays: commands run in Quiver's own process (through its
 * gates), and their output is mirrored here. Newlines become CRLF, stderr is shown in red.
 */
export function createCommandOutput(api: TerminalApi): CommandOutput {
  let terminal: vscode.Terminal | undefined;
  let writeEmitter: vscode.EventEmitter<string> | undefined;
  let opened = false;
  const pending: string[] = [];

  const emit = (text: string) => {
    if (opened) writeEmitter!.fire(text);
    else pending.push(text);
  };
  const ensure = () => {
    if (terminal) return;
    writeEmitter = api.newEmitter<string>();
    const pty: vscode.Pseudoterminal = {
      onDidWrite: writeEmitter.event,
      open: () => {
        opened = true;
        for (const text of pending.splice(0)) writeEmitter!.fire(text);
      },
      close: () => {
        terminal = undefined;
        opened = false;
      },
    };
    terminal = api.createTerminal({ name: 'Quiver', pty });
    terminal.show(true);
  };

  return {
    begin(command) {
      ensure();
      emit(`\x1b[2m$ ${crlf(command)}\x1b[0m\r\n`);
    },
    write(chunk, stream) {
      ensure();
      emit(stream === 'stderr' ? `\x1b[31m${crlf(chunk)}\x1b[0m` : crlf(chunk));
    },
    dispose() {
      terminal?.dispose();
      writeEmitter?.dispose();
    },
  };
}

function crlf(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}
