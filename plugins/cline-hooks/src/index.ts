import { clineHooksPlugin } from './cline-hooks-plugin.js';

export type { ClineHooksOptions } from './cline-hooks-plugin.js';

/**
 * The Cline hook-folder plugin: add it to the config's `plugins` (it has no tools; the registry
 * loads it at start-up).
 * @example
 * { "plugins": ["@quiver/tool-read-file", { "name": "@quiver/plugin-cline-hooks", "options": { "timeoutMs": 10000 } }] }
 */
export default clineHooksPlugin;
