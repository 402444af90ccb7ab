import { quiverError, ERROR_CODES, type WorkspaceRoot } from '@quiver/core';

/** Where a command runs, once any `@name:` workspace hint is taken off it. */
export interface CommandTarget {
  /** The command without the hint. */
  command: string;
  /** The directory to run it in. */
  cwd: string;
}

const HINT = /^@(\w+):([\s\S]+)$/;

/**
 * Take a `@name:command` workspace hint off a command (multi-root workspaces only, as in the
 * baseline) and pick the directory it runs in: the named root, else `cwd`. With a single
 * root the command is left as it is. An unknown root name is a `QUIVER_ERR_WORKSPACE_HINT`
 * error naming the roots there are.
 * @param command The command as the model wrote it.
 * @param cwd The primary root.
 * @param roots The workspace roots.
 * @example
 * resolveCommandTarget('@web:npm test', '/repo/api', roots); // { command: 'npm test', cwd: '/repo/web' }
 */
export function resolveCommandTarget(command: string, cwd: string, roots: readonly WorkspaceRoot[]): CommandTarget {
  const match = roots.length > 1 ? HINT.exec(command) : null;
  if (!match) return { command, cwd };
  const root = roots.find((r) => r.name === match[1]);
  if (!root) {
    const names = roots.map((r) => `@${r.name}`).join(', ');
    throw quiverError(
      ERROR_CODES.WORKSPACE_HINT,
      `The command names workspace '@${match[1]}', but there is no such root. Use one of ${names}, or leave the hint off to run in the primary root.`,
      { tool: 'execute_command' },
    );
  }
  return { command: match[2], cwd: root.path };
}
