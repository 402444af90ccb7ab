import { coreServices } from '../../container/core-services.js';
import { parseWorkspaceHint } from '../../services/workspace-hint.js';
import type { ScreenedCommand } from '../../tool/task-config.js';
import type { CallContext } from '../call-context.js';

/**
 * The call's command with any `@root:` workspace hint split off, or undefined for tools
 * without a command parameter. Worked out once per call (again after a rewrite) and kept on
 * it: every gate screens, and the tool runs, this one value. An unknown root name throws
 * `QUIVER_ERR_WORKSPACE_HINT`.
 */
export function commandOf(call: CallContext): ScreenedCommand | undefined {
  if (call.command !== undefined) return call.command ?? undefined;
  call.command = screenedCommand(call);
  return call.command ?? undefined;
}

function screenedCommand(call: CallContext): ScreenedCommand | null {
  const key = call.tool.command;
  if (!key) return null;
  const input = call.parsed[key] ?? call.params[key];
  if (typeof input !== 'string') return null;
  const workspace = call.scope.find(coreServices.workspace);
  const hint = workspace ? parseWorkspaceHint(input, 'command') : undefined;
  if (!workspace || !hint) return Object.freeze({ input, text: input, cwd: call.task.cwd });
  const { root, rest } = workspace.splitHint(input);
  return Object.freeze({ input, text: rest, cwd: root?.path ?? call.task.cwd, ...(root ? { root } : {}) });
}
