// @quiver/vscode — the VS Code extension. The bundle's entry is ./extension.ts; these are its
// named exports, and the host adapters other hosts may reuse.
export { activate, deactivate } from './extension.js';
export type { QuiverExtensionApi } from './extension.js';
export { composeRuntime } from './compose-runtime.js';
export type { ComposeOptions, ComposedRuntime } from './compose-runtime.js';
export { BUNDLED_PLUGINS, DEFAULT_PLUGINS, VSCODE_PRESETS } from './bundled-plugins.js';
export { createApprovalProbe } from './approval-probe.js';
export type { ApprovalProbe, ProbeOutcome } from './approval-probe.js';
export { approvalText, promptApproval } from './approval-prompt.js';
export type { ApprovalText, ApprovalPromptStyle } from './approval-prompt.js';
export { createVscodeHostUi, createCallUi } from './vscode-host-ui.js';
export type { HostUiDeps, CallUiOptions } from './vscode-host-ui.js';
export { readSettings, APPROVAL_SETTING_KEYS } from './settings.js';
export type { QuiverSettings } from './settings.js';
export { mcpServerSpec, MCP_PROVIDER_ID } from './mcp-provider.js';
export type { McpServerSpec } from './mcp-provider.js';
export { toLmToolResult } from './tool-result-parts.js';
export type { LmResultApi } from './tool-result-parts.js';
