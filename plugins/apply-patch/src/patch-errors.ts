import { defineErrorCodes } from '@quiver/core';

/** `apply_patch`'s error codes. */
export const PATCH_ERRORS = defineErrorCodes('@quiver/tool-apply-patch', {
  PATCH_FAILED: {
    code: 'QUIVER_ERR_PATCH_FAILED',
    meaning: 'An `apply_patch` patch could not be parsed or applied. Counts a mistake.',
    fix: 'Regenerate the patch against the current file contents.',
  },
});
