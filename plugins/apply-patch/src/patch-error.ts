import { ERROR_CODES, quiverError, type QuiverError } from '@quiver/core';

/** A malformed patch or one that cannot apply: `QUIVER_ERR_PATCH_FAILED`, nothing written. */
export function patchError(message: string, file?: string): QuiverError {
  return quiverError(ERROR_CODES.PATCH_FAILED, message, file ? { file } : {});
}
