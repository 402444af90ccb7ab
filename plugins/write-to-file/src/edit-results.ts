import { errorResult, responses, textResult, type ToolResult } from '@quiver/core';
import { EDIT_ERRORS } from './edit-errors.js';

// Past this size the whole file is not echoed back in a failed edit; the model can read_file it.
const ECHO_LIMIT = 100_000;

/**
 * The success text (SPEC Part B §15.1 "Results"): the saved path, then the full saved
 * content, then the reminder to base later edits on it.
 */
export function savedResult(path: string, content: string, changes?: { patch: string; by: 'user' | 'formatter' }): ToolResult {
  const before = changes?.by === 'user' ? `The user made the following updates to your content:\n\n${changes.patch}\n\n` : '';
  const after =
    changes?.by === 'formatter'
      ? `Along with your edits, the editor applied the following auto-formatting to your content:\n\n${changes.patch}\n\n(Note: Pay close attention to changes such as single quotes being converted to double quotes, semicolons being removed or added, long lines being broken into multiple lines, adjusting indentation style, adding/removing trailing commas, etc. This will help you ensure future SEARCH/REPLACE operations to this file are accurate.)\n\n`
      : '';
  return textResult(
    `${before}The content was successfully saved to ${path}.\n\n` +
      after +
      'Here is the full, updated content of the file that was saved:\n\n' +
      `<final_file_content path="${path}">\n${content}\n</final_file_content>\n\n` +
      'IMPORTANT: For any future changes to this file, use the final_file_content shown above as your reference. ' +
      'This content reflects the current state of the file, including any auto-formatting (e.g., if you used single quotes but the formatter converted them to double quotes). ' +
      'Always base your SEARCH/REPLACE operations on this final version to ensure accuracy.',
  );
}

/** A failed SEARCH/REPLACE: which block and why, the unchanged file, and how to retry. Counts a mistake. */
export function diffFailedResult(path: string, reason: string, original: string): ToolResult {
  const file =
    original.length <= ECHO_LIMIT
      ? `The file was not changed. Here is its current content:\n\n<file_content path="${path}">\n${original}\n</file_content>`
      : `The file was not changed. It is too large to show here (${original.length} characters); use read_file on the lines you need.`;
  return errorResult(
    responses.toolError(
      `Failed to edit '${path}': ${reason}\n\n${file}\n\n` +
        'Now that you have the latest state of the file, try the operation again with fewer, more precise SEARCH blocks. ' +
        'For large files especially, keep to fewer than 5 SEARCH/REPLACE blocks at a time, then wait for the result before making more edits.\n' +
        '(If you run into this error 3 times in a row, you may use the write_to_file tool as a fallback.)',
    ),
    EDIT_ERRORS.EDIT_FAILED,
    'increment',
  );
}

/** A failure before anything was written, with its code. Counts a mistake. */
export function editFailedResult(message: string, code: string = EDIT_ERRORS.EDIT_FAILED): ToolResult {
  return errorResult(responses.toolError(message), code, 'increment');
}
