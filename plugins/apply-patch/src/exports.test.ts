import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['PATCH_ERRORS', 'applyChunks', 'applyPatchTool', 'canonicalize', 'default', 'findContext', 'parsePatch', 'preprocessPatch']);
  expect(api.default.name).toBe('@quiver/tool-apply-patch');
  expect(api.default.tools.map((t) => t.name)).toEqual(['apply_patch']);
  expect(api.applyPatchTool.approval.category).toBe('edit');
  expect(api.applyPatchTool.annotations.destructive).toBe(true);
  expect(api.applyPatchTool.hidden).toBe(false);
});
