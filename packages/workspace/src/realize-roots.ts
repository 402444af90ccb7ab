import { realpath, stat } from 'node:fs/promises';
import { basename, resolve as resolvePath } from 'node:path';
import { ERROR_CODES, quiverError, type WorkspaceRoot } from '@quiver/core';

/** A workspace root as configured: a path, or a path with an explicit hint name. */
export type RootInput = string | { name?: string; path: string };

/**
 * Resolve configured roots with realpath (SPEC P4: the root is resolved too) and give each a
 * unique name. Names default to the folder's basename; a taken name gets `-2`, `-3`, ...
 * The same physical folder listed twice is kept once.
 *
 * @param inputs - Root paths (relative ones are taken from `process.cwd()`).
 * @throws `QUIVER_ERR_CONFIG_INVALID` when there is no root, or one is missing or not a folder.
 */
export async function realizeRoots(inputs: readonly RootInput[]): Promise<WorkspaceRoot[]> {
  if (inputs.length === 0) {
    throw quiverError(ERROR_CODES.CONFIG_INVALID, 'No workspace root was given. Pass at least one folder to createWorkspace().', {
      key: 'roots',
    });
  }
  const roots: WorkspaceRoot[] = [];
  const taken = new Set<string>();
  for (const input of inputs) {
    const given = typeof input === 'string' ? { path: input } : input;
    const path = await realFolder(given.path);
    if (roots.some((r) => r.path === path)) continue;
    const name = uniqueName(given.name ?? (basename(path) || 'root'), taken);
    taken.add(name);
    roots.push(Object.freeze({ name, path }));
  }
  return roots;
}

async function realFolder(given: string): Promise<string> {
  let path: string;
  try {
    path = await realpath(resolvePath(given));
    if (!(await stat(path)).isDirectory()) throw new Error('not a directory');
  } catch (e) {
    throw quiverError(
      ERROR_CODES.CONFIG_INVALID,
      `Workspace root "${given}" is not an existing folder (${(e as Error).message}). Create it or fix the configured root.`,
      { key: 'roots', file: given, cause: e },
    );
  }
  return path;
}

function uniqueName(wanted: string, taken: ReadonlySet<string>): string {
  if (!taken.has(wanted)) return wanted;
  let n = 2;
  while (taken.has(`${wanted}-${n}`)) n++;
  return `${wanted}-${n}`;
}
