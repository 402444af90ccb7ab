import { definePlugin } from '@quiver/core';
import { EDIT_ERRORS } from './edit-errors.js';
import { newRuleTool } from './new-rule.js';
import { replaceInFileTool } from './replace-in-file.js';
import { writeToFileTool } from './write-to-file.js';

export { EDIT_ERRORS } from './edit-errors.js';
export { writeToFileTool } from './write-to-file.js';
export { replaceInFileTool } from './replace-in-file.js';
export { newRuleTool } from './new-rule.js';
export { executeEdit, previewEdit } from './edit-handler.js';
export type { EditParams, EditToolName } from './edit-params.js';
export { constructNewFileContent } from './search-replace/construct-new-file-content.js';
export type { NewFileContent } from './search-replace/construct-new-file-content.js';
export { applyModelContentFixes } from './apply-model-content-fixes.js';
export { stripWrappingFence } from './strip-wrapping-fence.js';
export { RULE_DIRS } from './rule-path.js';

/** The `@quiver/tool-write-to-file` plugin: `write_to_file`, `replace_in_file` and `new_rule`, one shared handler. */
export default definePlugin({ name: '@quiver/tool-write-to-file', tools: [writeToFileTool, replaceInFileTool, newRuleTool], errors: EDIT_ERRORS });
