import { definePlugin } from '@quiver/core';
import { PATCH_ERRORS } from './patch-errors.js';
import { applyPatchTool } from './apply-patch-tool.js';

export { PATCH_ERRORS } from './patch-errors.js';

/** The `@quiver/tool-apply-patch` plugin: registers `apply_patch`. */
export default definePlugin({ name: '@quiver/tool-apply-patch', tools: [applyPatchTool], errors: PATCH_ERRORS });
