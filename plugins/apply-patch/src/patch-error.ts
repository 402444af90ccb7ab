import { quiverError, type QuiverError } from '@quiver/core';
import { PATCH_ERRORS } from './patch-errors.js';

/** A malformed patch or one that cannot apply: `QUIVER_ERR_PATCH_FAILED`, nothing written. */
export function patchError(message: string, file?: string): QuiverError {
  return quiverError(PATCH_ERRORS.PATCH_FAILED, message, file ? { file } : {});
}
