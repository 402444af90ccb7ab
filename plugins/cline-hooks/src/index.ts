import { clineHooksPlugin } from './cline-hooks-plugin.js';

export { clineHooksPlugin, CLINE_HOOKS_PACKAGE, DEFAULT_HOOK_TIMEOUT_MS } from './cline-hooks-plugin.js';
export type { ClineHooksOptions } from './cline-hooks-plugin.js';
export { parseClineHookOutput, MAX_CONTEXT_CHARS } from './cline-hook-output.js';
export type { ClineHookOutput } from './cline-hook-output.js';
export { clineHookInput } from './cline-hook-input.js';
export type { HookRunContext } from './cline-hook-input.js';
export { findHookScripts, checkHookDirs } from './find-hook-scripts.js';
export type { HookDir, HookScript } from './find-hook-scripts.js';
export { runHookScripts, type HookScriptRunOptions } from './run-hook-scripts.js';
export type { CombinedHookOutput } from './run-hook-scripts.js';

/**
 * The Cline hook-folder plugin: add it to the config's `plugins` (it has no tools; the registry
 * loads it at start-up).
 * @example
 * { "plugins": ["@quiver/tool-read-file", { "name": "@quiver/plugin-cline-hooks", "options": { "timeoutMs": 10000 } }] }
 */
export default clineHooksPlugin;
