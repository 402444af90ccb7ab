/**
 * SEARCH/REPLACE marker lines (SPEC Part B §15.2). Canonical forms are `------- SEARCH`,
 * `=======` and `+++++++ REPLACE`; the legacy `<<<<<<< SEARCH` / `>>>>>>> REPLACE` are
 * accepted too, with any run of 3 or more and an optional trailing `>`.
 */

const SEARCH = /^(?:-{3,}|<{3,}) SEARCH>?$/;
const SEPARATOR = /^={3,}$/;
const REPLACE = /^(?:\+{3,}|>{3,}) REPLACE>?$/;

/** The canonical separator; preferred over a shorter or longer run when both appear (see parser). */
export const CANONICAL_SEPARATOR = '=======';

/** `------- SEARCH` (or a legacy/longer form). */
export function isSearchMarker(line: string): boolean {
  return SEARCH.test(line);
}

/** `=======` (3 or more `=`). */
export function isSeparator(line: string): boolean {
  return SEPARATOR.test(line);
}

/** `+++++++ REPLACE` (or a legacy/longer form). */
export function isReplaceMarker(line: string): boolean {
  return REPLACE.test(line);
}

/** Any complete marker. */
export function isMarker(line: string): boolean {
  return isSearchMarker(line) || isSeparator(line) || isReplaceMarker(line);
}

const TRUNCATED = [/^[-<]{3,} ?(?:S|SE|SEA|SEAR|SEARC)?$/, /^[+>]{3,} ?(?:R|RE|REP|REPL|REPLA|REPLAC)?$/];

/**
 * True for a last line that may be a marker the model has not finished writing. While the
 * block streams, any last line starting with a marker character is held back (as the
 * baseline does). Once the block is final only an obviously cut-off marker is dropped
 * (`+++++++ REPL`): a final `- item` or `---` is content, never silently lost.
 */
export function isIncompleteMarker(line: string, isFinal: boolean): boolean {
  if (line === '' || isMarker(line)) return false;
  if (!isFinal) return /^[-<=+>]/.test(line);
  return TRUNCATED.some((re) => re.test(line)) && !/^([-+<>])\1*$/.test(line);
}
