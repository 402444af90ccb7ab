/** One file the patch changed, for the result text. */
export interface PatchedFile {
  path: string;
  /** The saved content, or undefined for a deleted file (and a moved file's old path). */
  content?: string;
}

/**
 * The success text (SPEC Part B §15.3 "Result"): the changed files, each deleted one marked
 * `[deleted]` and each written one with its saved content, then the fuzz note when the context
 * matched only loosely.
 */
export function formatPatchResult(files: readonly PatchedFile[], fuzz: number): string {
  const parts = ['Successfully applied patch to the following files:'];
  for (const f of files) {
    parts.push(
      f.content === undefined ? `\n${f.path}: [deleted]` : `\n<final_file_content path="${f.path}">\n${f.content}\n</final_file_content>`,
    );
  }
  if (fuzz > 0) parts.push(`\nNote: Patch applied with fuzz factor ${fuzz}`);
  return parts.join('\n');
}

/** Every hunk that could not be placed, numbered, for one error that lists them all. */
export function formatHunkFailures(failures: readonly { path: string; hunk: number; message: string }[]): string {
  const list = failures.map((f, n) => `${n + 1}. ${f.path}, hunk ${f.hunk}: ${f.message}`).join('\n\n');
  const count = failures.length === 1 ? '1 hunk' : `${failures.length} hunks`;
  return `${count} could not be applied, so no file was changed:\n\n${list}\n\nRead the files again and retry with context lines copied exactly from them.`;
}
