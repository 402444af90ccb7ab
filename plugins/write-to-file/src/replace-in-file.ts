import { defineTool } from '@quiver/core';
import { executeEdit, previewEdit } from './edit-handler.js';
import { replaceInFileParams } from './edit-params.js';

/**
 * `replace_in_file`: targeted SEARCH/REPLACE edits (SPEC Part B §15.1–15.2, Part A).
 * All blocks apply, or none: a failed block leaves the file byte for byte unchanged and says
 * which block failed, why, and the closest lines.
 */
export const replaceInFileTool = defineTool({
  name: 'replace_in_file',
  description:
    'Edit parts of an existing file with SEARCH/REPLACE blocks:\n------- SEARCH\n[exact existing lines]\n=======\n[new lines]\n+++++++ REPLACE\n' +
    'SEARCH must match whole lines of the file exactly (whitespace, comments and all) and be just long enough to be unique. ' +
    'Use several blocks for several changes, in the order they appear in the file, never overlapping. To delete lines, leave REPLACE empty. ' +
    'Either every block applies or the file is left unchanged and the error names the failing block. Line endings (CRLF or LF) are kept. The result shows the saved content.',
  params: replaceInFileParams,
  paths: { path: 'write', absolutePath: 'write' },
  approval: 'edit',
  annotations: { title: 'Edit a file', destructive: true },
  describe: (p) => `[replace_in_file for '${p.path || p.absolutePath || ''}']`,
  execute: (config, params) => executeEdit('replace_in_file', config, params),
  handlePartialBlock: (block, ui) => previewEdit('replace_in_file', block, ui),
});
