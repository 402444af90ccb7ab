// @quiver/core — the public API. Named re-exports only; exports.test.ts pins the list.

// errors
export { QuiverError, isQuiverError, quiverError, ERROR_CODES, defineErrorCodes, catalogueOf, buildErrorCatalogue, ERROR_CODE_PATTERN } from './errors.js';
export type { ErrorCode, QuiverErrorFields, QuiverErrorCode, ErrorCodeSpec, ErrorCodes, ErrorCatalogueEntry } from './errors.js';

// tool contract
export { defineTool, isToolDefinition, API_VERSION, TOOL_NAME_PATTERN } from './tool/define-tool.js';
export type { ToolSpec, ToolDefinition, ToolHandler, ToolBlock, ToolAnnotations, ToolApproval, ApprovalCategory, PartialBlockUi, ToolRequirement } from './tool/define-tool.js';
export { offeredTools, whyNotOffered } from './tool/offered-tools.js';
export type { HostSurface, HostCapabilities, OfferContext, OfferableTool, OfferSettings } from './tool/offered-tools.js';
export { definePlugin, isPluginDefinition } from './tool/define-plugin.js';
export type { PluginSpec, PluginDefinition, PluginContext } from './tool/define-plugin.js';
export { describeTool, describePlugin } from './tool/describe-tool.js';
export type { ToolDescriptor, ToolDescriptorsFile } from './tool/describe-tool.js';
export { textResult, errorResult, toToolResult, resultText, textWithImages } from './tool/tool-result.js';
export type { ToolResult, ToolResponse, ContentBlock, TextBlock, ImageBlock, MistakeEffect } from './tool/tool-result.js';
export type { TaskConfig, ToolCaller, ApprovalOutcome, ScreenedCommand } from './tool/task-config.js';

// container
export { createContainer } from './container/create-container.js';
export type { QuiverContainer } from './container/create-container.js';
export { createServiceRef } from './container/service-ref.js';
export type { ServiceRef, ServiceScope, ServiceLocator } from './container/service-ref.js';
export { coreServices } from './container/core-services.js';

// hooks
export { createHookBus } from './hooks/hook-bus.js';
export type { HookBus, TapOptions, TapFn, TapContext, TapInfo, HookOutcome, HookReducer } from './hooks/hook-bus.js';
export { HOOK_NAMES, isHookName } from './hooks/hook-names.js';
export type { HookName, HookKind, HookMap, HookNameOfKind, PreToolUseEvent, PreToolUseResult, PostToolUseEvent, PostToolUseResult, UserPromptSubmitEvent, UserPromptSubmitResult, TaskEvent, SeriesResult, NotificationEvent } from './hooks/hook-names.js';
export { STAGE } from './hooks/stages.js';
export type { Stage } from './hooks/stages.js';

// host ports and services
export { escapeTerminal, hasControlChars } from './host/escape-terminal.js';
export type { EscapeTerminalOptions } from './host/escape-terminal.js';
export type { HostUi, ApprovalRequest, ApprovalResponse, AskResponse, EditPreview, SavedEdit, SavedEditReport } from './host/host-ui.js';
export { askUser } from './host/ask-user.js';
export type { WorkspaceService, WorkspaceRoot, ResolvedPath } from './services/workspace.js';
export { parseWorkspaceHint } from './services/workspace-hint.js';
export type { WorkspaceHint } from './services/workspace-hint.js';
export type { IgnoreService, GateDecision, PathAccess } from './services/ignore.js';
export type { SandboxService, SandboxMode, SandboxRequest, SandboxPlan, SandboxedProcess, SandboxReport } from './services/sandbox.js';
export type { CommandInput, CommandPermissionService, PermissionDecision, SegmentReport, CommandPermissionsConfig, CommandClassifier, CommandClassification } from './services/command-permissions.js';
export { createMemoryTelemetry } from './services/telemetry.js';
export { buildChildEnv, createChildEnvService, apiKeyEnvNames, DEFAULT_STRIP_ENV } from './services/child-env.js';
export type { ChildEnvService, ChildEnvOptions } from './services/child-env.js';
export { createProtectedPaths, protectedPathsOf } from './services/protected-paths.js';
export { screenPath } from './executor/gates/screen-path.js';
export type { PathScreen } from './executor/gates/screen-path.js';
export type { ProtectedPathService, ProtectedPathsOptions } from './services/protected-paths.js';
export type { Telemetry, ToolCallEvent } from './services/telemetry.js';

// task state
export { createReadCache, createMistakeCounter, createTaskState, createMessageState } from './task/task-state.js';
export type { ReadCache, ReadCacheEntry, MistakeCounter, TaskState, MessageState } from './task/task-state.js';

// approval
export { createAutoApprover } from './approval/auto-approver.js';
export type { AutoApprover, AutoApproveLevels, ApprovalDecision } from './approval/auto-approver.js';
export { approvalSettingsSchema, DEFAULT_APPROVAL_SETTINGS } from './approval/approval-settings.js';
export type { ApprovalSettings } from './approval/approval-settings.js';

// responses
export { responses } from './responses/responses.js';

// executor
export { createTask } from './executor/executor.js';
export type { ExecutorOptions, TaskOptions, Task } from './executor/executor.js';
export type { ToolSource, CallOrigin, CallOptions, TaskOffer } from './executor/call-context.js';
export type { CheckOutcome } from './executor/check-call.js';

// registry
export { createRegistry } from './registry/registry.js';
export type { BundledPlugin, Registry, RegistryOptions, ToolInfo, ToolSettings } from './registry/registry.js';
export { manifestSchema } from './registry/manifest-schema.js';
export { checkPluginManifest } from './registry/check-plugin-manifest.js';
export { importOptional, provideOptional } from './registry/import-optional.js';
export type { OptionalPackage } from './registry/import-optional.js';
export type { PluginPackageJson } from './registry/check-plugin-manifest.js';
export type { Manifest, ManifestAsset } from './registry/manifest-schema.js';

// config
export { configSchema, configSchemaFor, defineConfig } from './config/config-schema.js';
export type { QuiverConfig, QuiverConfigInput } from './config/config-schema.js';
export { defineConfigSection } from './config/config-section.js';
export type { ConfigSection, UntrustedContext } from './config/config-section.js';
export { loadConfig, findConfigFile, validateConfig, CONFIG_FILE_NAMES } from './config/load-config.js';
export type { LoadedConfig, LoadConfigOptions } from './config/load-config.js';
export { resolveConfig } from './config/resolve-config.js';
export type { ConfigPresets, ResolveConfigOptions, ResolvedConfig } from './config/resolve-config.js';
export { mergeConfigs } from './config/merge-configs.js';

// workspace trust
export { checkTrust, trustFolder, revokeFolder, listTrusted, recordTrustAsWritten, trustStorePath, TRUST_STORE_ENV } from './trust/trust-store.js';
export type { TrustEntry, TrustStatus } from './trust/trust-store.js';
export { configFingerprint, hookScriptFiles } from './trust/config-fingerprint.js';
export type { ConfigFingerprint } from './trust/config-fingerprint.js';
export { untrustedConfig } from './trust/untrusted-config.js';
export type { UntrustedConfig } from './trust/untrusted-config.js';
export { untrustedWarning } from './trust/workspace-trust.js';
export type { WorkspaceTrust } from './trust/workspace-trust.js';

// host composition
export { createHost, CORE_VERSION } from './host/create-host.js';
export type { Host, HostOptions } from './host/create-host.js';
export { registerCommandHooks, compileMatcher, runHook } from './hooks/command-hook.js';
export type { CommandHookSpec, CommandHookGroup } from './hooks/command-hook.js';
