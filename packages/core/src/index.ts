// @quiver/core — the plugin API: what a plugin package needs to declare its tools, return
// results, raise errors, use services and tap hooks. What a host builder needs (container,
// executor, registry, config loading, trust) is `@quiver/core/host` (src/host.ts).
// Named re-exports only; exports.test.ts and report.api.md pin the list.

// errors
export { QuiverError, isQuiverError, quiverError, ERROR_CODES, defineErrorCodes } from './errors.js';
export type { ErrorCode, QuiverErrorFields, QuiverErrorCode, ErrorCodeSpec, ErrorCodes } from './errors.js';

// tool contract
export { defineTool } from './tool/define-tool.js';
export type {
  ToolSpec,
  ToolDefinition,
  ToolHandler,
  ToolBlock,
  ToolAnnotations,
  ToolApproval,
  ApprovalCategory,
  PartialBlockUi,
  ToolRequirement,
} from './tool/define-tool.js';
export { definePlugin } from './tool/define-plugin.js';
export type { PluginSpec, PluginDefinition, PluginContext } from './tool/define-plugin.js';
// a top-level config key a plugin (or host package) owns: definePlugin({ sections: [...] })
export { defineConfigSection } from './config/config-section.js';
export type { ConfigSection, UntrustedContext } from './config/config-section.js';
export { textResult, errorResult, toToolResult, resultText, textWithImages } from './tool/tool-result.js';
export type { ToolResult, ToolResponse, ContentBlock, TextBlock, ImageBlock, MistakeEffect } from './tool/tool-result.js';
export type { TaskConfig, ToolCaller, ApprovalOutcome, ScreenedCommand } from './tool/task-config.js';
export type { ApprovalSettings } from './approval/approval-settings.js';
export { CORE_VERSION } from './host/create-host.js';

// services a tool reads (typed refs) and their contracts
export { createServiceRef } from './container/service-ref.js';
export type { ServiceRef, ServiceScope, ServiceLocator } from './container/service-ref.js';
export { coreServices } from './container/core-services.js';
export type { HostUi, ApprovalRequest, ApprovalResponse, AskResponse, EditPreview, SavedEdit, SavedEditReport } from './host/host-ui.js';
export { askUser } from './host/ask-user.js';
export type { WorkspaceService, WorkspaceRoot, ResolvedPath } from './services/workspace.js';
export { parseWorkspaceHint } from './services/workspace-hint.js';
export type { WorkspaceHint } from './services/workspace-hint.js';
export type { IgnoreService, GateDecision, PathAccess } from './services/ignore.js';
export type { SandboxService, SandboxMode, SandboxRequest, SandboxPlan, SandboxedProcess, SandboxReport } from './services/sandbox.js';
export type {
  CommandInput,
  CommandPermissionService,
  PermissionDecision,
  SegmentReport,
  CommandPermissionsConfig,
  CommandClassifier,
  CommandClassification,
} from './services/command-permissions.js';
export { buildChildEnv } from './services/child-env.js';
export type { ChildEnvService } from './services/child-env.js';
export { protectedPathsOf } from './services/protected-paths.js';
export type { ProtectedPathService } from './services/protected-paths.js';
export { screenPath } from './executor/gates/screen-path.js';
export type { PathScreen } from './executor/gates/screen-path.js';
export type { Telemetry, ToolCallEvent } from './services/telemetry.js';
export { createReadCache, createTaskState } from './task/task-state.js';
export type { ReadCache, ReadCacheEntry, MistakeCounter, TaskState, MessageState } from './task/task-state.js';
export { importOptional } from './registry/import-optional.js';
export type { OptionalPackage } from './registry/import-optional.js';

// responses
export { responses } from './responses/responses.js';

// hooks
export type { HookBus, TapOptions, TapFn, TapContext, TapInfo, HookOutcome, HookReducer } from './hooks/hook-bus.js';
export { HOOK_NAMES } from './hooks/hook-names.js';
export type {
  HookName,
  HookKind,
  HookMap,
  HookNameOfKind,
  PreToolUseEvent,
  PreToolUseResult,
  PostToolUseEvent,
  PostToolUseResult,
  UserPromptSubmitEvent,
  UserPromptSubmitResult,
  TaskEvent,
  SeriesResult,
  NotificationEvent,
} from './hooks/hook-names.js';
export { STAGE } from './hooks/stages.js';
export type { Stage } from './hooks/stages.js';
export { runHook } from './hooks/command-hook.js';
export type { RunHookOptions, HookRun } from './hooks/command-hook.js';
