import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['PATCH_ERRORS', 'default']);
  expect(api.default.name).toBe('@quiver/tool-apply-patch');
  expect(api.default.tools.map((t) => t.name)).toEqual(['apply_patch']);
  expect(api.default.tools.find((t) => t.name === 'apply_patch')!.approval.category).toBe('edit');
  expect(api.default.tools.find((t) => t.name === 'apply_patch')!.annotations.destructive).toBe(true);
  expect(api.default.tools.find((t) => t.name === 'apply_patch')!.hidden).toBe(false);
});
