/**
 * Declared error codes: every package that raises errors (core, a plugin, a shared package, a
 * host) declares its codes once with {@link defineErrorCodes}, beside the text the error
 * catalogue (`docs/errors.md`) shows for them. The catalogue is generated from these
 * declarations, so a code, its owner and its "how to fix" live in one place.
 */

import { QuiverError } from './quiver-error.js';

const CATALOGUE = Symbol.for('quiver.errorCatalogue');
/** Core's code for a bad declaration (declared in core-error-codes.ts; spelt here to avoid a cycle). */
const INVALID = 'QUIVER_ERR_PLUGIN_ERROR_CODE_INVALID';

/** The shape every code has: `QUIVER_ERR_<AREA>_<WHAT>`. */
export const ERROR_CODE_PATTERN = /^QUIVER_ERR_[A-Z]+_[A-Z]+(_[A-Z]+)*$/;

/** Any Quiver error code, core's or a plugin's. */
export type QuiverErrorCode = `QUIVER_ERR_${string}`;

/** One code as its owner declares it. */
export interface ErrorCodeSpec {
  /** The stable value, `QUIVER_ERR_<AREA>_<WHAT>`; never renamed or reused. */
  readonly code: QuiverErrorCode;
  /** What happened, for the catalogue's "Meaning" column. */
  readonly meaning: string;
  /** What to do, for the catalogue's "How to fix" column. */
  readonly fix: string;
}

/** One row of the error catalogue. */
export interface ErrorCatalogueEntry extends ErrorCodeSpec {
  /** The package that declares (and raises) the code. */
  readonly owner: string;
}

/** The frozen `KEY → code` map {@link defineErrorCodes} returns; the catalogue rows ride along. */
export type ErrorCodes<T extends Record<string, ErrorCodeSpec> = Record<string, ErrorCodeSpec>> = { readonly [K in keyof T]: T[K]['code'] };

/**
 * Declare a package's error codes. Returns `KEY → code` for use in `quiverError(...)` and
 * `errorResult(...)`; pass it to `definePlugin({ errors })` so the host knows its owner.
 * @param owner - the declaring package, e.g. `@quiver/tool-web-fetch`.
 * @example
 * export const ACME_ERRORS = defineErrorCodes('quiver-tool-acme', {
 *   ACME_UNREACHABLE: { code: 'QUIVER_ERR_ACME_UNREACHABLE', meaning: 'The Acme API did not answer.', fix: 'Check the network and retry.' },
 * });
 */
export function defineErrorCodes<const T extends Record<string, ErrorCodeSpec>>(owner: string, specs: T): ErrorCodes<T> {
  const codes: Record<string, string> = {};
  const rows: ErrorCatalogueEntry[] = [];
  for (const [key, spec] of Object.entries(specs)) {
    if (!ERROR_CODE_PATTERN.test(spec.code)) {
      throw new QuiverError(
        INVALID,
        `${owner} declares error code '${spec.code}' (${key}): codes must look like QUIVER_ERR_<AREA>_<WHAT>. Rename it.`,
        { plugin: owner, key },
      );
    }
    codes[key] = spec.code;
    rows.push(Object.freeze({ owner, code: spec.code, meaning: spec.meaning, fix: spec.fix }));
  }
  Object.defineProperty(codes, CATALOGUE, { value: Object.freeze(rows), enumerable: false });
  return Object.freeze(codes) as ErrorCodes<T>;
}

/** The catalogue rows of one {@link defineErrorCodes} result (empty for a plain object). */
export function catalogueOf(codes: ErrorCodes): readonly ErrorCatalogueEntry[] {
  return (codes as unknown as Record<symbol, readonly ErrorCatalogueEntry[] | undefined>)[CATALOGUE] ?? [];
}

/**
 * Merge declarations into one catalogue, in the order given. A code declared by two owners
 * is refused, naming both: codes are a namespace shared by every package a host loads.
 * @throws QuiverError `QUIVER_ERR_PLUGIN_ERROR_CODE_INVALID` naming the code and both owners.
 */
export function buildErrorCatalogue(declarations: readonly ErrorCodes[]): ErrorCatalogueEntry[] {
  const byCode = new Map<string, ErrorCatalogueEntry>();
  for (const row of declarations.flatMap((d) => catalogueOf(d))) {
    const seen = byCode.get(row.code);
    if (seen && seen.owner !== row.owner) {
      throw new QuiverError(
        INVALID,
        `Error code ${row.code} is declared by both ${seen.owner} and ${row.owner}; each code has one owner. Rename one of them (prefix it with the plugin's area).`,
        { plugin: row.owner },
      );
    }
    if (!seen) byCode.set(row.code, row);
  }
  return [...byCode.values()];
}
