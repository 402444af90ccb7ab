import { definePlugin } from '@quiver/core';
import { PATCH_ERRORS } from './patch-errors.js';
import { applyPatchTool } from './apply-patch-tool.js';

export { PATCH_ERRORS } from './patch-errors.js';
export { applyPatchTool } from './apply-patch-tool.js';
export type { ApplyPatchParams } from './apply-patch-tool.js';
export { preprocessPatch } from './preprocess-patch.js';
export { parsePatch } from './parse-patch.js';
export { applyChunks } from './apply-chunks.js';
export { canonicalize } from './canonicalize.js';
export { findContext } from './find-context.js';
export type { Chunk, PatchAction, ParsedPatch, HunkFailure } from './patch-types.js';

/** The `@quiver/tool-apply-patch` plugin: registers `apply_patch`. */
export default definePlugin({ name: '@quiver/tool-apply-patch', tools: [applyPatchTool], errors: PATCH_ERRORS });
