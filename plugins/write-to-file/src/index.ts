import { definePlugin } from '@quiver/core';
import { EDIT_ERRORS } from './edit-errors.js';
import { newRuleTool } from './new-rule.js';
import { replaceInFileTool } from './replace-in-file.js';
import { writeToFileTool } from './write-to-file.js';

export { EDIT_ERRORS } from './edit-errors.js';
export { constructNewFileContent, type NewFileContent } from './search-replace/construct-new-file-content.js';
export { applyModelContentFixes } from './apply-model-content-fixes.js';

/** The `@quiver/tool-write-to-file` plugin: `write_to_file`, `replace_in_file` and `new_rule`, one shared handler. */
export default definePlugin({
  name: '@quiver/tool-write-to-file',
  tools: [writeToFileTool, replaceInFileTool, newRuleTool],
  errors: EDIT_ERRORS,
});
