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

/**
 * The `quiver mcp` server definition for a window: none without a folder or when
 * `quiver.mcp.enabled` is off. The config path setting is passed on as `--config`.
 * @example
 * mcpServerSpec(settings, ['/repo']) // { label: 'Quiver', command: 'quiver', args: ['mcp', '--cwd', '/repo'], cwd: '/repo' }
 */
export function mcpServerSpec(settings: QuiverSettings, folders: readonly string[]): McpServerSpec | undefined {
  const folder = folders[0];
  if (!settings.mcp.enabled || !folder) return undefined;
  const args = ['mcp', '--cwd', folder];
  if (settings.configPath) args.push('--config', settings.configPath);
  return { label: 'Quiver', command: settings.mcp.command, args, cwd: folder };
}

/** The parts of VS Code's MCP API used here (1.101+; absent from older `@types/vscode`). */
interface McpApi {
  registerMcpServerDefinitionProvider(id: string, provider: {
    onDidChangeMcpServerDefinitions?: vscode.Event<void>;
    provideMcpServerDefinitions(token: vscode.CancellationToken): unknown[];
  }): vscode.Disposable;
}
type McpStdioServerDefinitionClass = new (label: string, command: string, args?: string[], env?: Record<string, string>, version?: string) => { cwd?: vscode.Uri };

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
