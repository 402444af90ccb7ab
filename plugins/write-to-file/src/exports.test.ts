import { expect, it } from 'vitest';
import * as api from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(api).sort()).toEqual(['EDIT_ERRORS', 'applyModelContentFixes', 'constructNewFileContent', 'default']);
  expect(api.default.name).toBe('@quiver/tool-write-to-file');
  expect(api.default.tools.map((t) => t.name)).toEqual(['write_to_file', 'replace_in_file', 'new_rule']);
});

it('declares the path gates, edit approval and destructive annotation on all three tools', () => {
  for (const tool of api.default.tools) {
    expect(tool.paths).toEqual({ path: 'write', absolutePath: 'write' });
    expect(tool.approval.category).toBe('edit');
    expect(tool.annotations.destructive).toBe(true);
    expect(tool.fullyManaged).toBe(true);
  }
  expect(api.default.tools.find((t) => t.name === 'write_to_file')!.allowEmpty).toEqual(['content']);
});
