import { mkdir, rmdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/**
 * Create `dir` and any missing ancestors. Returns the directories it created, outermost
 * first, so a failed write can remove exactly those and nothing else.
 */
export async function makeParentDirs(dir: string): Promise<string[]> {
  const first = await mkdir(dir, { recursive: true });
  if (first === undefined) return [];
  const created = [first];
  const rest = relative(first, dir);
  if (rest === '') return created;
  let current = first;
  for (const part of rest.split(sep)) {
    current = join(current, part);
    created.push(current);
  }
  return created;
}

/** Remove directories made by {@link makeParentDirs}, innermost first; non-empty ones stay. */
export async function removeCreatedDirs(created: readonly string[]): Promise<void> {
  for (const dir of [...created].reverse()) {
    await rmdir(dir).catch(() => undefined);
  }
}
