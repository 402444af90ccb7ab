import type * as vscode from 'vscode';

/** The most lines {@link OutputLog.transcript} keeps. */
const TRANSCRIPT_LINES = 2000;

/** Quiver's output channel, with the recent lines kept for the extension's API. */
export interface OutputLog {
  /** Append one message (several lines are fine). */
  append(text: string): void;
  /** Reveal the channel without taking focus. */
  show(): void;
  /** The recent lines, oldest first. */
  transcript(): string;
  dispose(): void;
}

/** Wrap an output channel; what is appended is also kept in a bounded transcript. */
export function createOutputLog(channel: Pick<vscode.OutputChannel, 'appendLine' | 'show' | 'dispose'>): OutputLog {
  const lines: string[] = [];
  return {
    append(text) {
      channel.appendLine(text);
      lines.push(...text.split('\n'));
      if (lines.length > TRANSCRIPT_LINES) lines.splice(0, lines.length - TRANSCRIPT_LINES);
    },
    show: () => channel.show(true),
    transcript: () => lines.join('\n'),
    dispose: () => channel.dispose(),
  };
}
