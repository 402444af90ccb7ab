import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The first `name` on a `PATH`-style list of folders that this process may execute. */
export function findExecutable(name: string, pathVariable: string): string | undefined {
  return pathVariable
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, name))
    .find(isExecutable);
}

/** Whether this process may execute `path`. */
export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
