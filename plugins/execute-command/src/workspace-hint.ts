import { quiverError, ERROR_CODES, type WorkspaceRoot, type WorkspaceService } from '@quiver/core';

/** Where a command runs, once any `@name:` workspace hint is taken off it. */
export interface CommandTarget {
  /** The command without the hint. */
  command: string;
  /** The directory to run it in. */
  cwd: string;
}

/** What the pipeline's command gates treat as a hint; the same test here runs what they screened. */
const GATE_HINT = /^@[^:\s]+:/;
/** The baseline's hint, for hosts without a workspace service (multi-root only). */
const BASELINE_HINT = /^@(\w+):([\s\S]+)$/;

/**
 * Take a `@name:command` workspace hint off a command and pick the directory it runs in:
 * the named root, else `cwd`. With a workspace service the hint is split exactly as the
 * pipeline's permission and ignore gates split it, so the command that runs is the command
 * they screened. Without one, the baseline's rule applies (multi-root workspaces only).
 * An unknown root name is a `QUIVER_ERR_WORKSPACE_HINT` error.
 * @param command The command as the model wrote it.
 * @param cwd The primary root.
 * @param roots The workspace roots.
 * @param workspace The workspace service, when the host provides one.
 * @example
 * resolveCommandTarget('@web:npm test', '/repo/api', roots); // { command: 'npm test', cwd: '/repo/web' }
 */
export function resolveCommandTarget(command: string, cwd: string, roots: readonly WorkspaceRoot[], workspace?: WorkspaceService): CommandTarget {
  if (workspace) {
    if (!GATE_HINT.test(command)) return { command, cwd };
    const { root, rest } = workspace.splitHint(command);
    return { command: rest, cwd: root?.path ?? cwd };
  }
  const match = roots.length > 1 ? BASELINE_HINT.exec(command) : null;
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
