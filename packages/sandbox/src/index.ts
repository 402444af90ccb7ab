export { createSandboxService, type SandboxServiceOptions, type SandboxIgnoreSource } from './create-sandbox-service.js';
export { probeBubblewrap, BWRAP_ENV, type BubblewrapProbe } from './probe-bubblewrap.js';
export { resolveSandboxSettings, DEFAULT_DENY_READ, type ResolvedSandboxSettings } from './resolve-settings.js';
export { walkMasks, createMaskCache, type MaskCache, type MaskCacheOptions, type MaskEntry, type MaskSource } from './compute-masks.js';
export { buildBwrapArgs, type BwrapLayout } from './build-bwrap-args.js';
export { isHostAllowed } from './network-proxy.js';
export { formatSandboxReport } from './format-sandbox-report.js';
export { sandboxConfigSection, sandboxSettingsSchema, SANDBOX_MODES, type SandboxSettings } from './sandbox-config-section.js';
