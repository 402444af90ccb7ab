import { ERROR_CODES, quiverError, type QuiverError } from '@quiver/core';

/** A usage error: exit code 2, one line, no stack. */
export function usageError(message: string): QuiverError {
  return quiverError(ERROR_CODES.USAGE, message);
}
