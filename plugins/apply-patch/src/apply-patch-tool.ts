import { z } from 'zod';
import { defineTool, errorResult, responses, textResult, type TaskConfig, type ToolResult } from '@quiver/core';
import { writeFilesAtomic } from '@quiver/fs';
import { buildPatchChanges } from './build-patch-changes.js';
import { formatHunkFailures, formatPatchResult } from './format-patch-result.js';
import { IgnoredPathError, loadPatchTargets } from './load-patch-targets.js';
import { parsePatch } from './parse-patch.js';
import { patchError } from './patch-error.js';
import { patchPaths } from './patch-paths.js';
import { preprocessPatch } from './preprocess-patch.js';

const params = z.object({
  input: z
    .string()
    .describe(
      'The patch, in V4A format:\n*** Begin Patch\n*** Update File: path/to/file.py\n@@ class Example\n context line\n-old line\n+new line\n context line\n*** Add File: path/new.py\n+first line\n*** Delete File: path/old.py\n*** End Patch\n' +
        "Give 3 lines of context above and below each change (no line numbers); use '@@ class X' / '@@ def f' anchors when context repeats; '*** Move to: path' right after '*** Update File:' renames; '*** End of File' marks context at the end of a file.",
    ),
  task_progress: z.string().optional().describe('The updated task checklist, in Markdown.'),
});

/** The parameters of `apply_patch`. */
export type ApplyPatchParams = z.infer<typeof params>;

/**
 * `apply_patch` (SPEC Part B §15.3 with Part A): applies a V4A patch to any number of files,
 * all or nothing. Every path is checked against the workspace and the ignore rules; Add onto an
 * existing file, Update or Delete of a missing one, and every hunk whose context is not found
 * are errors, and nothing is written unless every file's change is ready. Offered to every model.
 */
export const applyPatchTool = defineTool({
  name: 'apply_patch',
  description:
    'Apply a patch that adds, updates, moves or deletes files, in V4A format (context lines, no line numbers). ' +
    'All or nothing: if any file or hunk cannot be applied, no file is changed and the error lists every hunk that failed. ' +
    'Paths are relative to the workspace root. The result shows the saved content of each changed file.',
  params,
  approval: 'edit',
  annotations: { title: 'Apply a patch', destructive: true },
  describe: () => '[apply_patch for patch application]',
  execute: applyPatch,
});

async function applyPatch(config: TaskConfig, p: ApplyPatchParams): Promise<ToolResult> {
  const lines = preprocessPatch(p.input);
  let targets;
  try {
    targets = await loadPatchTargets(config, patchPaths(lines));
  } catch (e) {
    if (!(e instanceof IgnoredPathError)) throw e;
    await config.ui.say('ignore_error', e.message);
    return errorResult(responses.toolError(e.message), e.code, 'keep');
  }
  const files = Object.fromEntries(Object.entries(targets.files).map(([k, f]) => [k, f.text]));
  const parsed = parsePatch(lines, files);
  if (parsed.actions.length === 0)
    throw patchError('The patch changes no file. Add at least one "*** Add File:", "*** Update File:" or "*** Delete File:" section.');
  if (parsed.failures.length > 0) throw patchError(formatHunkFailures(parsed.failures));
  const built = buildPatchChanges(parsed.actions, targets);
  await writeFilesAtomic(built.changes, { physical: true });
  for (const path of built.touched) config.readCache.delete(path);
  return textResult(formatPatchResult(built.report, parsed.fuzz));
}
