import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES, HOOK_NAMES, quiverError } from '@quiver/core';

/** A folder of hook scripts, and the folder its scripts run in. */
export interface HookDir {
  dir: string;
  cwd: string;
}

/** One script to run for a hook. */
export interface HookScript {
  file: string;
  cwd: string;
}

/**
 * The scripts for a hook (SPEC Part B §10 "Discovery", Unix): in each folder, a regular
 * executable file named exactly like the hook (`PreToolUse`, `TaskStart`...). Read when the
 * hook fires, so scripts added or removed mid-session count at once.
 */
export function findHookScripts(hook: string, dirs: readonly HookDir[]): HookScript[] {
  const out: HookScript[] = [];
  for (const { dir, cwd } of dirs) {
    const file = join(dir, hook);
    if (isRegularFile(file) && isExecutable(file)) out.push({ file, cwd });
  }
  return out;
}

/**
 * The start-up check (SPEC Part A: a hook script that cannot run is a config error, not a silent
 * pass): a file named like a hook that is not a regular, executable file is an error naming it.
 */
export function checkHookDirs(dirs: readonly HookDir[]): void {
  for (const { dir } of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue; // No folder: no hooks.
    }
    for (const name of names.filter((n) => n in HOOK_NAMES)) {
      const file = join(dir, name);
      if (!isRegularFile(file)) {
        throw quiverError(
          ERROR_CODES.HOOK_SCRIPT,
          `Hook '${file}' is not a regular file. Hook scripts are files named exactly like the hook; remove or rename it.`,
          { file, hook: name },
        );
      }
      if (!isExecutable(file)) {
        throw quiverError(
          ERROR_CODES.HOOK_SCRIPT,
          `Hook script '${file}' is not executable, so it would never run. Make it executable (chmod +x '${file}') or remove it.`,
          { file, hook: name },
        );
      }
    }
  }
}

function isRegularFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
