import { accessSync, chmodSync, constants, existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { provideBundledOptionals } from './bundled-plugins.js';
import { registerCommands } from './commands/register-commands.js';
import type { ComposedRuntime } from './compose-runtime.js';
import { createAdapters } from './create-adapters.js';
import { registerLmTools, toolContextKey } from './lm-tools.js';
import { mcpServerSpec, registerMcpProvider } from './mcp-provider.js';
import type { OutputLog } from './output-log.js';
import { createQuiverSession, type QuiverSession } from './quiver-session.js';
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
  provideBundledOptionals();
  const { log, commandOutput, previews, results } = createAdapters();
  const settings = () => readSettings(vscode.workspace.getConfiguration('quiver'));
  const folders = () => (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  const ui = createVscodeHostUi({ window: vscode.window, log, commandOutput, previews, promptStyle: () => settings().approvalPrompt });
  const current = createQuiverSession({ folders, settings, ui, ripgrepPath: shippedRipgrep(context.extensionPath) });
  session = current;
  const contributed = contributedTools(context.extension.packageJSON);
  current.onDidLoad((composed) => void setToolContext(contributed, composed));
  const mcp = registerMcpProvider(
    vscode,
    () => mcpServerSpec(settings(), folders()),
    String(context.extension.packageJSON.version ?? '0.0.0'),
  );
  const reload = reloader(current, log, () => mcp?.refresh());
  context.subscriptions.push(
    log,
    commandOutput,
    previews,
    results,
    ...registerLmTools(contributed, {
      registerTool: (name, tool) => vscode.lm.registerTool(name, tool),
      markdown: (text) => new vscode.MarkdownString(text),
      results: lmResultApi(vscode),
      session: current,
      ui,
      log,
      commandOutput,
    }),
    ...registerCommands(
      {
        window: vscode.window,
        openDocument: (p) => vscode.workspace.openTextDocument(p),
        session: current,
        ui,
        log,
        commandOutput,
        results,
        folders,
      },
      reload,
    ),
    ...watchForReloads(reload),
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

/** Recompose the runtime (now, so a config error shows at once) and tell MCP its definition may have changed. */
function reloader(current: QuiverSession, log: OutputLog, changed: () => void): (why: string) => void {
  return (why) => {
    current.invalidate();
    changed();
    current.current().then(
      () => log.append(`[config] loaded (${why})`),
      (e: unknown) => log.append(`[error] Quiver could not load its config (${why}): ${e instanceof Error ? e.message : String(e)}`),
    );
  };
}

/** Reload when a config file, the `quiver.*` settings or the folders change. */
function watchForReloads(reload: (why: string) => void): vscode.Disposable[] {
  const watcher = vscode.workspace.createFileSystemWatcher('**/quiver.config.{ts,mts,mjs,js,json}');
  return [
    watcher,
    watcher.onDidChange(() => reload('config changed')),
    watcher.onDidCreate(() => reload('config created')),
    watcher.onDidDelete(() => reload('config deleted')),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('quiver') && reload('settings changed')),
    vscode.workspace.onDidChangeWorkspaceFolders(() => reload('folders changed')),
  ];
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
