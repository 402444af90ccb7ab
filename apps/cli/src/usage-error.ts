import { quiverError, type QuiverError } from '@quiver/core';
import { CLI_ERRORS } from './cli-errors.js';

/** A usage error: exit code 2, one line, no stack. */
export function usageError(message: string): QuiverError {
  return quiverError(CLI_ERRORS.USAGE, message);
}
