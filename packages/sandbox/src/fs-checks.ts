import { realpathSync, statSync } from 'node:fs';

/** The real path (symlinks resolved), or undefined when it does not resolve (dangling, missing). */
export function realPathOf(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** Whether the path is (or leads to) a folder; false when it is missing or unreadable. */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
