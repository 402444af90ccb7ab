// @quiver/core/host — the host-builder API: compose a host (container, hook bus, registry,
// executor), load and resolve config, list and offer tools, workspace trust, the error
// catalogue. Plugin authors need only `@quiver/core` (src/index.ts); a host imports both.
// Named re-exports only; exports.test.ts and report-host.api.md pin the list.

// host composition
export { createHost } from './host/create-host.js';
export type { Host, HostOptions } from './host/create-host.js';
export { createContainer } from './container/create-container.js';
export type { QuiverContainer } from './container/create-container.js';
export { createHookBus } from './hooks/hook-bus.js';
export { registerCommandHooks } from './hooks/command-hook.js';
export type { CommandHookSpec, CommandHookGroup } from './hooks/command-hook.js';
export { escapeTerminal, hasControlChars } from './host/escape-terminal.js';
export type { EscapeTerminalOptions } from './host/escape-terminal.js';
export { provideOptional } from './registry/import-optional.js';

// services a host provides
export { createMemoryTelemetry } from './services/telemetry.js';
export { createChildEnvService, apiKeyEnvNames, DEFAULT_STRIP_ENV } from './services/child-env.js';
export type { ChildEnvOptions } from './services/child-env.js';
export { createProtectedPaths } from './services/protected-paths.js';
export type { ProtectedPathsOptions } from './services/protected-paths.js';

// executor
export { createTask } from './executor/executor.js';
export type { ExecutorOptions, TaskOptions, Task } from './executor/executor.js';
export type { ToolSource, CallOrigin, CallOptions, TaskOffer } from './executor/call-context.js';
export type { CheckOutcome } from './executor/check-call.js';
export { DEFAULT_APPROVAL_SETTINGS } from './approval/approval-settings.js';

// registry, manifests and tool listings
export { createRegistry } from './registry/registry.js';
export type { BundledPlugin, Registry, RegistryOptions, ToolInfo, ToolSettings } from './registry/registry.js';
export { manifestSchema } from './registry/manifest-schema.js';
export type { Manifest, ManifestAsset } from './registry/manifest-schema.js';
export { checkPluginManifest } from './registry/check-plugin-manifest.js';
export type { PluginPackageJson } from './registry/check-plugin-manifest.js';
export { API_VERSION, TOOL_NAME_PATTERN } from './tool/define-tool.js';
export { isPluginDefinition } from './tool/define-plugin.js';
export { describePlugin } from './tool/describe-tool.js';
export type { ToolDescriptor, ToolDescriptorsFile } from './tool/describe-tool.js';
export { offeredTools, whyNotOffered } from './tool/offered-tools.js';
export type { HostSurface, HostCapabilities, OfferContext, OfferableTool, OfferSettings } from './tool/offered-tools.js';

// the error catalogue (docs/errors.md, `quiver errors`)
export { buildErrorCatalogue, ERROR_CODE_PATTERN } from './errors.js';
export type { ErrorCatalogueEntry } from './errors.js';

// config
export { configSchema, configSchemaFor, defineConfig } from './config/config-schema.js';
export type { QuiverConfig, QuiverConfigInput } from './config/config-schema.js';
export { loadConfig, findConfigFile, CONFIG_FILE_NAMES } from './config/load-config.js';
export type { LoadedConfig, LoadConfigOptions } from './config/load-config.js';
export { resolveConfig } from './config/resolve-config.js';
export type { ConfigPresets, ResolveConfigOptions, ResolvedConfig } from './config/resolve-config.js';
export { mergeConfigs } from './config/merge-configs.js';

// workspace trust
export {
  checkTrust,
  trustFolder,
  revokeFolder,
  listTrusted,
  recordTrustAsWritten,
  trustStorePath,
  TRUST_STORE_ENV,
} from './trust/trust-store.js';
export type { TrustEntry, TrustStatus } from './trust/trust-store.js';
export { hookScriptFiles } from './trust/config-fingerprint.js';
export { untrustedWarning } from './trust/workspace-trust.js';
export type { WorkspaceTrust } from './trust/workspace-trust.js';
