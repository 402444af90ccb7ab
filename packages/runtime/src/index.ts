export { createRuntime } from './create-runtime.js';
export type { Runtime, RuntimeOptions } from './create-runtime.js';
export { resolvePluginDir } from './resolve-plugin.js';
