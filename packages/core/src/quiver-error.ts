import type { QuiverErrorCode } from './error-codes.js';

const BRAND = Symbol.for('quiver.error');

/** Structured fields an error may carry, so hosts can render it without parsing text. */
export interface QuiverErrorFields {
  plugin?: string;
  tool?: string;
  hook?: string;
  gate?: string;
  file?: string;
  key?: string;
  rule?: string;
  cause?: unknown;
}

/**
 * The one error class of Quiver. Detect it with {@link isQuiverError}, never `instanceof`:
 * a plugin may bring its own copy of `@quiver/core`. `code` is core's or the raising
 * plugin's declared code (see `defineErrorCodes`).
 */
export class QuiverError extends Error implements QuiverErrorFields {
  readonly [BRAND] = true;
  readonly code: QuiverErrorCode;
  plugin?: string;
  tool?: string;
  hook?: string;
  gate?: string;
  file?: string;
  key?: string;
  rule?: string;

  constructor(code: QuiverErrorCode, message: string, fields: QuiverErrorFields = {}) {
    super(message, fields.cause === undefined ? undefined : { cause: fields.cause });
    this.name = 'QuiverError';
    this.code = code;
    const { cause: _cause, ...rest } = fields;
    Object.assign(this, rest);
  }
}

/** True for any Quiver error, whichever copy of `@quiver/core` created it. */
export function isQuiverError(e: unknown): e is QuiverError {
  return typeof e === 'object' && e !== null && (e as Record<symbol, unknown>)[BRAND] === true;
}
