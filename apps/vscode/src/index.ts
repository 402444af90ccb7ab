// @quiver/vscode — the VS Code extension. Its bundle's entry is ./extension.ts (activate and
// deactivate, which need the `vscode` module); these are the host pieces that do not.
export { composeRuntime } from './compose-runtime.js';
export type { ComposeOptions, ComposedRuntime } from './compose-runtime.js';
export { BUNDLED_PLUGINS, DEFAULT_PLUGINS, VSCODE_PRESETS } from './bundled-plugins.js';
export { approvalText, promptApproval, APPROVE, DENY, DENY_WITH_FEEDBACK } from './approval-prompt.js';
export type { ApprovalText, ApprovalPromptStyle, PromptWindow } from './approval-prompt.js';
export { createVscodeHostUi, createCallUi } from './vscode-host-ui.js';
export type { HostUiDeps, CallUiOptions } from './vscode-host-ui.js';
export { createQuiverSession } from './quiver-session.js';
export type { QuiverSession, SessionSource } from './quiver-session.js';
export { registerLmTools, toolContextKey } from './lm-tools.js';
export type { LmToolsDeps } from './lm-tools.js';
export { readSettings, APPROVAL_SETTING_KEYS } from './settings.js';
export type { QuiverSettings, SettingsSource } from './settings.js';
export { mcpServerSpec, registerMcpProvider, MCP_PROVIDER_ID } from './mcp-provider.js';
export type { McpServerSpec } from './mcp-provider.js';
export { toLmToolResult, lmResultApi } from './tool-result-parts.js';
export type { LmResultApi } from './tool-result-parts.js';
export type { QuiverExtensionApi } from './extension.js';
