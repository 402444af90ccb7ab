export { createRuntime } from './create-runtime.js';
export type { Runtime, RuntimeOptions } from './create-runtime.js';
export { resolvePluginDir, type BundledPackage } from './resolve-plugin.js';
export { checkConfigKeys, type ConfigKeyCheckOptions } from './check-config-keys.js';
export { HOST_CONFIG_SECTIONS, configSectionsWith } from './config-sections/host-config-sections.js';
export { modelConfigSection, modelSettingsSchema, type ModelSettings } from './config-sections/model-section.js';
export { mcpConfigSection, mcpSettingsSchema, type McpSettings } from './config-sections/mcp-section.js';
