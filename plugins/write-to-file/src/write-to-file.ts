import { defineTool } from '@quiver/core';
import { executeEdit, previewEdit } from './edit-handler.js';
import { writeToFileParams } from './edit-params.js';

/**
 * `write_to_file`: create a file or replace its whole content, atomically (SPEC Part B §15.1,
 * Part A "Edit tools"). Shares its handler with `replace_in_file` and `new_rule`.
 */
export const writeToFileTool = defineTool({
  name: 'write_to_file',
  description:
    'Write a file: create it (with any missing folders) or replace its whole content. Give the complete content, every line, with nothing left out or abbreviated. ' +
    'The write is atomic and keeps the file mode. For small changes to an existing file prefer replace_in_file. The result shows the saved content.',
  params: writeToFileParams,
  paths: { path: 'write', absolutePath: 'write' },
  allowEmpty: ['content'],
  approval: 'edit',
  annotations: { title: 'Write a file', destructive: true },
  describe: (p) => `[write_to_file for '${p.path || p.absolutePath || ''}']`,
  execute: (config, params) => executeEdit('write_to_file', config, params),
  handlePartialBlock: (block, ui) => previewEdit('write_to_file', block, ui),
});
