import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResolvedPath } from '@quiver/core';

/** Where `new_rule` may write: Quiver's rules folder, or Cline's when a workspace has one. */
export const RULE_DIRS = ['.quiverrules', '.clinerules'] as const;

/**
 * Why `new_rule` may not write `target`, or undefined when it may: the physical path must be
 * a file below `.quiverrules/` (or `.clinerules/`, when that folder exists) of a workspace
 * root. The resolved path is what counts, so a symlink cannot smuggle a rule write elsewhere.
 */
export async function ruleDirRefusal(target: ResolvedPath): Promise<string | undefined> {
  const root = target.containingRoot;
  const [top, ...rest] = target.relative.split('/');
  if (target.inside && root && rest.length > 0) {
    if (top === '.quiverrules') return undefined;
    if (top === '.clinerules' && (await isDirectory(join(root.path, '.clinerules')))) return undefined;
  }
  return (
    `new_rule only writes rule files: '${target.input}' is not below .quiverrules/ (or .clinerules/, when that folder exists) ` +
    'of a workspace root. Use a path like .quiverrules/<topic>.md, or write_to_file for any other file.'
  );
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
