import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import type * as vscode from 'vscode';
import type { QuiverSettings } from './settings.js';

/** The id of the provider, as in `contributes.mcpServerDefinitionProviders`. */
export const MCP_PROVIDER_ID = 'quiver.mcp';

/** A stdio MCP server for VS Code: `quiver mcp` in the first workspace folder. */
export interface McpServerSpec {
  label: string;
  command: string;
  args: string[];
  cwd: string;
}

/** Where commands are looked for (injected for tests). */
export interface CommandLookup {
  /** The PATH to search. @default process.env.PATH */
  path?: string;
  isExecutable?(file: string): boolean;
}

/**
 * The `quiver mcp` server definition for a window: none without a folder, when
 * `quiver.mcp.enabled` is off, or when the `quiver` command is not found (on PATH, or in the
 * folder's `node_modules/.bin`). The config path setting is passed on as `--config`.
 * @example
 * mcpServerSpec(settings, ['/repo']) // { label: 'Quiver', command: '/usr/local/bin/quiver', args: ['mcp', '--cwd', '/repo'], cwd: '/repo' }
 */
export function mcpServerSpec(settings: QuiverSettings, folders: readonly string[], lookup: CommandLookup = {}): McpServerSpec | undefined {
  const folder = folders[0];
  if (!settings.mcp.enabled || !folder) return undefined;
  const command = findCommand(settings.mcp.command, folder, lookup);
  if (!command) return undefined;
  const args = ['mcp', '--cwd', folder];
  if (settings.configPath) args.push('--config', settings.configPath);
  return { label: 'Quiver', command, args, cwd: folder };
}

/** A command path as given (relative to the folder), or a name found on PATH, then in the folder's node_modules/.bin. */
function findCommand(command: string, folder: string, lookup: CommandLookup): string | undefined {
  const executable = lookup.isExecutable ?? isExecutableFile;
  if (command.includes('/')) {
    const file = isAbsolute(command) ? command : resolve(folder, command);
    return executable(file) ? file : undefined;
  }
  const dirs = [...(lookup.path ?? process.env.PATH ?? '').split(delimiter).filter(Boolean), join(folder, 'node_modules', '.bin')];
  return dirs.map((dir) => join(dir, command)).find(executable);
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The parts of VS Code's MCP API used here (1.101+; absent from older `@types/vscode`). */
interface McpApi {
  registerMcpServerDefinitionProvider(
    id: string,
    provider: {
      onDidChangeMcpServerDefinitions?: vscode.Event<void>;
      provideMcpServerDefinitions(token: vscode.CancellationToken): unknown[];
    },
  ): vscode.Disposable;
}
type McpStdioServerDefinitionClass = new (
  label: string,
  command: string,
  args?: string[],
  env?: Record<string, string>,
  version?: string,
) => { cwd?: vscode.Uri };

/**
 * Offer `quiver mcp` to VS Code's own MCP support, where this VS Code has it. Returns the
 * registration and a function to call when the folders or settings change, or undefined when
 * the API is missing.
 */
export function registerMcpProvider(
  vs: typeof vscode,
  spec: () => McpServerSpec | undefined,
  version: string,
): { disposable: vscode.Disposable; refresh(): void } | undefined {
  const lm = vs.lm as unknown as Partial<McpApi>;
  const Definition = (vs as unknown as { McpStdioServerDefinition?: McpStdioServerDefinitionClass }).McpStdioServerDefinition;
  if (typeof lm.registerMcpServerDefinitionProvider !== 'function' || typeof Definition !== 'function') return undefined;
  const changed = new vs.EventEmitter<void>();
  const registration = lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions() {
      const s = spec();
      if (!s) return [];
      const definition = new Definition(s.label, s.command, s.args, {}, version);
      definition.cwd = vs.Uri.file(s.cwd);
      return [definition];
    },
  });
  return { disposable: vs.Disposable.from(registration, changed), refresh: () => changed.fire() };
}
