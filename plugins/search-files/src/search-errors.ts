import { defineErrorCodes } from '@quiver/core';

/** `search_files`'s error codes. */
export const SEARCH_ERRORS = defineErrorCodes('@quiver/tool-search-files', {
  SEARCH_FAILED: {
    code: 'QUIVER_ERR_SEARCH_FAILED',
    meaning: 'A search failed: an invalid regular expression, or the search program failed.',
    fix: "Fix the pattern (ripgrep's Rust regex syntax).",
  },
});
