import { accessSync, chmodSync, constants, existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { createApprovalProbe } from './approval-probe.js';
import { createCommandOutput } from './command-output.js';
import { checkCommandPermissionCommand } from './commands/check-command-permission.js';
import type { CommandDeps } from './commands/command-deps.js';
import { reportError } from './commands/command-deps.js';
import { openConfigCommand } from './commands/open-config.js';
import { runToolCommand } from './commands/run-tool.js';
import { showToolsCommand } from './commands/show-tools.js';
import type { ComposedRuntime } from './compose-runtime.js';
import { createEditPreviews } from './edit-preview.js';
import { registerLmTools, toolContextKey } from './lm-tools.js';
import { mcpServerSpec, registerMcpProvider } from './mcp-provider.js';
import { createOutputLog } from './output-log.js';
import { createQuiverSession, type QuiverSession } from './quiver-session.js';
import { createResultDocuments } from './result-documents.js';
import { readSettings } from './settings.js';
import { lmResultApi } from './tool-result-parts.js';
import { createVscodeHostUi } from './vscode-host-ui.js';

/** What the extension exports to other extensions (and its end-to-end tests). */
export interface QuiverExtensionApi {
  /** The recent lines of the "Quiver" output channel. */
  transcript(): string;
}

let session: QuiverSession | undefined;

/** Activate: compose the UI ports, the session, the language-model tools, the commands and the MCP provider. */
export function activate(context: vscode.ExtensionContext): QuiverExtensionApi {
  const log = createOutputLog(vscode.window.createOutputChannel('Quiver'));
  const newEmitter = <T>() => new vscode.EventEmitter<T>();
  const commandOutput = createCommandOutput({ createTerminal: (o) => vscode.window.createTerminal(o), newEmitter });
  const previews = createEditPreviews({
    uri: (c) => vscode.Uri.from(c),
    newEmitter,
    registerProvider: (scheme, provider) => vscode.workspace.registerTextDocumentContentProvider(scheme, provider),
    openDiff: (left, right, title) => vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true, preserveFocus: true }),
    closeDiff: closeDiffTabs,
  });
  const settings = () => readSettings(vscode.workspace.getConfiguration('quiver'));
  const folders = () => (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  const ui = createVscodeHostUi({ window: vscode.window, log, commandOutput, previews, promptStyle: () => settings().approvalPrompt });
  const probe = createApprovalProbe();
  const current = createQuiverSession({ folders, settings, ui, probe, ripgrepPath: shippedRipgrep(context.extensionPath) });
  session = current;

  const contributed = contributedTools(context.extension.packageJSON);
  current.onDidLoad((composed) => void setToolContext(contributed, composed));
  const lm = registerLmTools(contributed, {
    registerTool: (name, tool) => vscode.lm.registerTool(name, tool),
    markdown: (text) => new vscode.MarkdownString(text),
    results: lmResultApi(vscode),
    session: current,
    probe,
    ui,
    log,
    commandOutput,
  });

  const results = createResultDocuments({
    uri: (c) => vscode.Uri.from(c),
    registerProvider: (scheme, provider) => vscode.workspace.registerTextDocumentContentProvider(scheme, provider),
    show: async (uri) => vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true }),
  });
  const deps: CommandDeps = { window: vscode.window, openDocument: (p) => vscode.workspace.openTextDocument(p), session: current, ui, log, commandOutput, results, folders };
  const command = <A, R>(id: string, what: string, run: (deps: CommandDeps, args?: A) => Promise<R>) =>
    vscode.commands.registerCommand(id, (args?: A) => run(deps, args).catch((e: unknown) => reportError(deps, what, e).then(() => undefined)));

  const mcp = registerMcpProvider(vscode, () => mcpServerSpec(settings(), folders()), String(context.extension.packageJSON.version ?? '0.0.0'));
  const reload = (why: string) => {
    current.invalidate();
    mcp?.refresh();
    current.current().then(
      () => log.append(`[config] reloaded (${why})`),
      (e: unknown) => log.append(`[error] Quiver could not load its config (${why}): ${e instanceof Error ? e.message : String(e)}`),
    );
  };
  const watcher = vscode.workspace.createFileSystemWatcher('**/quiver.config.{ts,mts,mjs,js,json}');
  context.subscriptions.push(
    log,
    commandOutput,
    previews,
    results,
    ...lm,
    command('quiver.showTools', 'Show Tools failed', showToolsCommand),
    command('quiver.runTool', 'Run Tool failed', runToolCommand),
    command('quiver.checkCommandPermission', 'Check Command Permission failed', checkCommandPermissionCommand),
    command('quiver.openConfig', 'Open Config failed', openConfigCommand),
    vscode.commands.registerCommand('quiver.reload', () => reload('command')),
    watcher,
    watcher.onDidChange(() => reload('config changed')),
    watcher.onDidCreate(() => reload('config created')),
    watcher.onDidDelete(() => reload('config deleted')),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('quiver') && reload('settings changed')),
    vscode.workspace.onDidChangeWorkspaceFolders(() => reload('folders changed')),
    ...(mcp ? [mcp.disposable] : []),
  );
  // Load now, so the tools' context keys are set before a chat asks for the tool list.
  if (folders().length) reload('start-up');
  return { transcript: () => log.transcript() };
}

/** Deactivate: dispose the runtime (ends running commands). */
export async function deactivate(): Promise<void> {
  await session?.dispose();
  session = undefined;
}

/** The ripgrep binary in the .vsix, made executable if an unpacker dropped the mode. */
function shippedRipgrep(extensionPath: string): string | undefined {
  const rg = join(extensionPath, 'bin', process.platform === 'win32' ? 'rg.exe' : 'rg');
  if (!existsSync(rg)) return undefined;
  try {
    accessSync(rg, constants.X_OK);
  } catch {
    chmodSync(rg, 0o755);
  }
  return rg;
}

/** The tool names in the manifest's `contributes.languageModelTools` (generated at build time). */
function contributedTools(packageJSON: { contributes?: { languageModelTools?: { name: string }[] } }): string[] {
  return (packageJSON.contributes?.languageModelTools ?? []).map((t) => t.name);
}

/** A contributed tool is offered to chat only while the config enables it and does not hide it. */
async function setToolContext(contributed: string[], composed: ComposedRuntime): Promise<void> {
  const offered = new Set(composed.runtime.tools().map((t) => t.name));
  await Promise.all(contributed.map((name) => vscode.commands.executeCommand('setContext', toolContextKey(name), offered.has(name))));
}

async function closeDiffTabs(right: vscode.Uri): Promise<void> {
  const tabs = vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === right.toString());
  if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
}
