import { parseArgs, type ParseArgsConfig } from 'node:util';
import { usageError } from './usage-error.js';

/** Parse a command's arguments; unknown flags are usage errors. */
export function parse<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, usage: string) {
  try {
    return parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (e) {
    throw usageError(`${(e as Error).message}\nUsage: ${usage}`);
  }
}

/** Options every runtime-using command accepts. */
export const commonOptions = {
  cwd: { type: 'string' },
  config: { type: 'string' },
  json: { type: 'boolean' },
  debug: { type: 'boolean' },
} as const;
