import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { coreServices, ERROR_CODES, quiverError, type TaskConfig } from '@quiver/core';
import { writeFileAtomic } from '@quiver/fs';

/** Where reports go, relative to the primary root. */
export const BUG_REPORT_DIR = '.quiver/bug-reports';

/** A saved report: its workspace-relative and absolute paths. */
export interface SavedReport {
  relative: string;
  absolute: string;
}

/**
 * Write the report atomically to `.quiver/bug-reports/<timestamp>.md` in the primary root,
 * never over an existing report. The folder is resolved like any path (symlinks followed):
 * if it leads out of the workspace, or somewhere the path rules protect (`.git/`, an ignore
 * file, an ignored folder), nothing is written.
 */
export async function saveBugReport(config: TaskConfig, markdown: string, now = new Date()): Promise<SavedReport> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const workspace = config.services.find(coreServices.workspace);
  for (let n = 1; n < 100; n++) {
    const relative = `${BUG_REPORT_DIR}/${stamp}${n === 1 ? '' : `-${n}`}.md`;
    const resolved = workspace ? await workspace.resolve(relative) : undefined;
    if (resolved && !resolved.inside) {
      throw quiverError(
        ERROR_CODES.PATH_OUTSIDE,
        `The bug report folder ${BUG_REPORT_DIR} leads outside the workspace (${resolved.resolved}), so the report was not written. Show the report to the user instead.`,
        { file: resolved.resolved },
      );
    }
    // The folder may be a symlink: where it really leads must be writable under the path rules
    // (P6: never into .git/ or onto an ignore file; nothing the ignore rules hide).
    const decision = resolved ? await config.services.find(coreServices.ignore)?.checkPath(resolved, 'write') : undefined;
    if (decision && !decision.allowed) {
      throw quiverError(
        ERROR_CODES.PATH_PROTECTED,
        `The bug report folder ${BUG_REPORT_DIR} leads to ${resolved!.resolved}, where reports may not be written (${decision.reason ?? `rule ${decision.rule}`}). Nothing was written; show the report to the user instead.`,
        { file: resolved!.resolved, rule: decision.rule },
      );
    }
    const absolute = resolved?.resolved ?? join(config.cwd, relative);
    if (await exists(absolute)) continue;
    await writeFileAtomic(absolute, markdown, { physical: resolved !== undefined });
    return { relative, absolute };
  }
  throw quiverError(ERROR_CODES.FILE_WRITE_FAILED, `Too many bug reports named ${stamp} in ${BUG_REPORT_DIR}; nothing was written.`);
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}
