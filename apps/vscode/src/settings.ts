import type { ApprovalSettings } from '@quiver/core';
import type { ApprovalPromptStyle } from './approval-prompt.js';

/** The approval levels VS Code's settings may set (`quiver.approval.<key>`). */
export const APPROVAL_SETTING_KEYS = [
  'readFiles',
  'readFilesExternally',
  'editFiles',
  'editFilesExternally',
  'executeSafeCommands',
  'executeAllCommands',
  'useBrowser',
  'useMcp',
] as const satisfies readonly (keyof ApprovalSettings)[];

/** Quiver's VS Code settings. */
export interface QuiverSettings {
  /** `quiver.configPath`: an explicit config file ('' = look for `quiver.config.*`). */
  configPath: string;
  /** The `quiver.approval.*` levels that are set (unset ones leave the config's value). */
  approvalOverrides: Partial<ApprovalSettings>;
  approvalPrompt: ApprovalPromptStyle;
  mcp: { enabled: boolean; command: string };
}

/** The part of `WorkspaceConfiguration` read here. */
export interface SettingsSource {
  get<T>(section: string): T | undefined;
}

/**
 * Read the `quiver.*` settings. An approval level set to `null` (the default) means "use the
 * config's value"; only booleans override it.
 * @example
 * readSettings(vscode.workspace.getConfiguration('quiver'))
 */
export function readSettings(source: SettingsSource): QuiverSettings {
  const approvalOverrides: Partial<ApprovalSettings> = {};
  for (const key of APPROVAL_SETTING_KEYS) {
    const value = source.get<unknown>(`approval.${key}`);
    if (typeof value === 'boolean') approvalOverrides[key] = value;
  }
  const prompt = source.get<string>('approvalPrompt');
  return {
    configPath: (source.get<string>('configPath') ?? '').trim(),
    approvalOverrides,
    approvalPrompt: prompt === 'notification' ? 'notification' : 'modal',
    mcp: { enabled: source.get<boolean>('mcp.enabled') ?? true, command: (source.get<string>('mcp.command') ?? '').trim() || 'quiver' },
  };
}
