import * as vscode from 'vscode';
import { createCommandOutput, type CommandOutput } from './command-output.js';
import { createEditPreviews, type EditPreviews } from './edit-preview.js';
import { createOutputLog, type OutputLog } from './output-log.js';
import { createResultDocuments, type ResultDocuments } from './result-documents.js';

/** The VS Code side of the UI ports: output channel, terminal, diff previews, result documents. */
export interface Adapters {
  log: OutputLog;
  commandOutput: CommandOutput;
  previews: EditPreviews;
  results: ResultDocuments;
}

/** Build the adapters on the real VS Code API (each takes only the calls it needs). */
export function createAdapters(): Adapters {
  const newEmitter = <T>() => new vscode.EventEmitter<T>();
  const registerProvider = (scheme: string, provider: vscode.TextDocumentContentProvider) =>
    vscode.workspace.registerTextDocumentContentProvider(scheme, provider);
  return {
    log: createOutputLog(vscode.window.createOutputChannel('Quiver')),
    commandOutput: createCommandOutput({ createTerminal: (o) => vscode.window.createTerminal(o), newEmitter }),
    previews: createEditPreviews({
      uri: (c) => vscode.Uri.from(c),
      newEmitter,
      registerProvider,
      openDiff: (left, right, title) =>
        vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true, preserveFocus: true }),
      closeDiff: closeDiffTabs,
    }),
    results: createResultDocuments({
      uri: (c) => vscode.Uri.from(c),
      registerProvider,
      show: async (uri) => vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true }),
    }),
  };
}

async function closeDiffTabs(right: vscode.Uri): Promise<void> {
  const tabs = vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === right.toString());
  if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
}
