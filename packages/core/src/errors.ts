/**
 * Quiver's errors. Every error Quiver raises is a {@link QuiverError} with a stable
 * `QUIVER_ERR_<AREA>_<WHAT>` code. Core declares its codes in `core-error-codes.ts`, each
 * plugin in its own `defineErrorCodes(...)`; the error catalogue (`docs/errors.md`) is
 * generated from those declarations.
 */
import type { QuiverErrorCode } from './error-codes.js';
import { QuiverError, type QuiverErrorFields } from './quiver-error.js';

export { QuiverError, isQuiverError } from './quiver-error.js';
export type { QuiverErrorFields } from './quiver-error.js';
export { ERROR_CODES } from './core-error-codes.js';
export type { ErrorCode } from './core-error-codes.js';
export { defineErrorCodes, catalogueOf, buildErrorCatalogue, ERROR_CODE_PATTERN } from './error-codes.js';
export type { QuiverErrorCode, ErrorCodeSpec, ErrorCodes, ErrorCatalogueEntry } from './error-codes.js';

/** Build a Quiver error with a code (core's or a plugin's declared one) and structured fields. */
export function quiverError(code: QuiverErrorCode, message: string, fields?: QuiverErrorFields): QuiverError {
  return new QuiverError(code, message, fields);
}
