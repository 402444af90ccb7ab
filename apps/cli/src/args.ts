import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { usageError } from './usage-error.js';

/** Parse a command's arguments; unknown flags are usage errors. */
export function parse<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, usage: string) {
  try {
    return parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (e) {
    // Node's advice on '--' concerns positionals that start with '-', which no command takes.
    const message = (e as Error).message.replace(/\. To specify a positional argument starting with a '-'.*$/s, '.');
    throw usageError(`${message}\nUsage: ${usage}`);
  }
}

/**
 * Refuse positionals past the first `max`: an unquoted command or task would otherwise be
 * cut at its first word without a word said (`quiver permissions check git push`).
 */
export function noExtraArguments(positionals: string[], max: number, usage: string, hint = ''): void {
  if (positionals.length <= max) return;
  const extra = positionals
    .slice(max)
    .map((p) => `'${p}'`)
    .join(' ');
  throw usageError(`Unexpected argument${positionals.length - max === 1 ? '' : 's'} ${extra}.${hint ? ` ${hint}` : ''}\nUsage: ${usage}`);
}

/** The working directory from `--cwd` (else the process's), which must be an existing folder. */
export function workingDir(flags: { cwd?: string }): string {
  if (flags.cwd === undefined) return process.cwd();
  const dir = resolve(flags.cwd);
  const stat = statSync(dir, { throwIfNoEntry: false });
  if (!stat?.isDirectory())
    throw usageError(
      `--cwd ${flags.cwd} is not ${stat ? 'a folder' : 'an existing folder'}. Pass the folder to work in (the workspace root).`,
    );
  return dir;
}

/** Options every runtime-using command accepts. */
export const commonOptions = {
  cwd: { type: 'string' },
  config: { type: 'string' },
  /** Trust the workspace folder for this run only (its config applies in full). */
  trust: { type: 'boolean' },
  json: { type: 'boolean' },
  debug: { type: 'boolean' },
} as const;
