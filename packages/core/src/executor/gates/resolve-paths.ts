import type { Gate } from '../call-context.js';

/**
 * Path resolution for the handler: the paths the ignore gate resolved are frozen onto the
 * call, so `config.paths` is exactly what was checked. Paths outside every root (P4) are
 * not refused here; they are external, and the approval gate asks for the external level.
 */
export const resolvePaths: Gate = {
  name: 'resolve-paths',
  run(call) {
    for (const key in call.paths) Object.freeze(call.paths[key]);
    return undefined;
  },
};
