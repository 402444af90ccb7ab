import { createTwoFilesPatch } from 'diff';
import type { SavedEditReport, TaskConfig } from '@quiver/core';

/** What the host changed after a save, ready for the result text. */
export interface HostChanges {
  /** The file as it is now. */
  content: string;
  /** The patch from what the tool wrote to what the file holds, without file headers. */
  patch: string;
  by: SavedEditReport['by'];
}

/**
 * Ask the host whether it changed the file after the save (format-on-save, the user's edits
 * in a diff view) — SPEC Part B §15.1's user and auto-formatting edits. A host that fails or
 * reports nothing new leaves the result as the tool wrote it.
 * @param config - The call's TaskConfig (its `ui.afterSave` port).
 * @param edit - What was saved.
 */
export async function hostChanges(
  config: TaskConfig,
  edit: { tool: string; path: string; absolutePath: string; content: string },
): Promise<HostChanges | undefined> {
  let report: SavedEditReport | void;
  try {
    report = await config.ui.afterSave?.(edit);
  } catch {
    return undefined; // The file is saved; a host's report failing must not turn that into an error.
  }
  if (!report || report.content === edit.content) return undefined;
  const patch = createTwoFilesPatch(edit.path, edit.path, edit.content, report.content, undefined, undefined, { context: 3 })
    .split('\n')
    .slice(4) // drop the ===, ---/+++ header lines; keep the hunks
    .join('\n')
    .trimEnd();
  return { content: report.content, patch, by: report.by };
}
