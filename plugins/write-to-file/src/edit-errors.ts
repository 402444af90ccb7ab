import { defineErrorCodes } from '@quiver/core';

/** The edit tools' error codes. */
export const EDIT_ERRORS = defineErrorCodes('@quiver/tool-write-to-file', {
  EDIT_FAILED: {
    code: 'QUIVER_ERR_EDIT_FAILED',
    meaning: 'An edit could not be applied: a SEARCH block does not match the file, or the edit is malformed. Counts a mistake.',
    fix: 'Read the file again and make the SEARCH text match it exactly.',
  },
});
