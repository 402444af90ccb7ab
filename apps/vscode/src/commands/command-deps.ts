import type * as vscode from 'vscode';
import type { HostUi } from '@quiver/core';
import type { CommandOutput } from '../command-output.js';
import type { OutputLog } from '../output-log.js';
import type { QuiverSession } from '../quiver-session.js';
import type { ResultDocuments } from '../result-documents.js';

/** What the `Quiver: …` commands use (injected, so they can be tested with fakes). */
export interface CommandDeps {
  window: Pick<typeof vscode.window, 'showQuickPick' | 'showInputBox' | 'showInformationMessage' | 'showErrorMessage' | 'showTextDocument'>;
  /** Open a file (`workspace.openTextDocument`). */
  openDocument(path: string): Thenable<vscode.TextDocument>;
  session: QuiverSession;
  ui: HostUi;
  log: OutputLog;
  commandOutput: CommandOutput;
  /** Where interactive runs show their results. */
  results: Pick<ResultDocuments, 'show'>;
  /** The workspace folders' paths. */
  folders(): string[];
}

/** Show an error from a command without throwing it at VS Code (which would only log it). */
export async function reportError(deps: Pick<CommandDeps, 'window' | 'log'>, what: string, e: unknown): Promise<void> {
  const message = `${what}: ${e instanceof Error ? e.message : String(e)}`;
  deps.log.append(`[error] ${message}`);
  await deps.window.showErrorMessage(`Quiver: ${message}`);
}
