import * as vscode from 'vscode';
import { checkCommandPermissionCommand } from './check-command-permission.js';
import { reportError, type CommandDeps } from './command-deps.js';
import { openConfigCommand } from './open-config.js';
import { runToolCommand } from './run-tool.js';
import { showToolsCommand } from './show-tools.js';

/**
 * Register the `Quiver: …` commands. A failure is shown to the user (and logged) instead of
 * being thrown at VS Code; programmatic callers then get `undefined`.
 */
export function registerCommands(deps: CommandDeps, reload: (why: string) => void): vscode.Disposable[] {
  const command = <A, R>(id: string, what: string, run: (deps: CommandDeps, args?: A) => Promise<R>) =>
    vscode.commands.registerCommand(id, (args?: A) =>
      run(deps, args).catch((e: unknown) => reportError(deps, what, e).then(() => undefined)),
    );
  return [
    command('quiver.showTools', 'Show Tools failed', showToolsCommand),
    command('quiver.runTool', 'Run Tool failed', runToolCommand),
    command('quiver.checkCommandPermission', 'Check Command Permission failed', checkCommandPermissionCommand),
    command('quiver.openConfig', 'Open Config failed', openConfigCommand),
    vscode.commands.registerCommand('quiver.reload', () => reload('command')),
  ];
}
