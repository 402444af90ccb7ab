import { rename, rm, unlink } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { ERROR_CODES, quiverError } from '@quiver/core';
import { backupFile } from './backup-file.js';
import { fsyncDir } from './fsync-dir.js';
import { makeParentDirs, removeCreatedDirs } from './make-parent-dirs.js';
import { stageTempFile } from './stage-temp-file.js';
import { requireAbsolute, writeError } from './write-error.js';
import { inspectTarget } from './write-file-atomic.js';

/** Write (create or replace) one file as part of {@link writeFilesAtomic}. */
export interface AtomicWrite {
  path: string;
  data: string | Uint8Array;
  /** @default the existing file's mode */
  mode?: number;
}

/** Delete one existing file as part of {@link writeFilesAtomic}. */
export interface AtomicDelete {
  path: string;
  delete: true;
}

/** One change of a multi-file write. */
export type AtomicChange = AtomicWrite | AtomicDelete;

interface Staged {
  change: AtomicChange;
  temp?: string;
  backup?: string;
  created: string[];
  committed: boolean;
}

/** Test-only seams (not exported from the package): fail on purpose during the rename phase. */
export const writeFilesTestInternals: { beforeCommit?: (index: number, path: string) => void | Promise<void> } = {};

const UNCHANGED = 'No file was changed.';

/**
 * Apply several file changes all-or-nothing. Every new content is first staged as an fsynced
 * temp file beside its target and every existing target is backed up (hard link); only then
 * are the temps renamed into place and the deletions made. If anything fails while staging,
 * nothing was touched; if a rename fails, the files already replaced are restored from their
 * backups. Either way the error says which file failed.
 *
 * A crash (not an error) in the short rename phase can leave some files new and some old,
 * with `.*.quiver-bak` backups beside them: the kernel has no multi-file rename.
 *
 * @throws `QUIVER_ERR_FILE_WRITE_FAILED` naming the file; a delete of a missing file and a
 * path given twice are refused before anything is written.
 * @example
 * await writeFilesAtomic([{ path: '/r/a.ts', data: 'a' }, { path: '/r/old.ts', delete: true }]);
 */
export async function writeFilesAtomic(changes: readonly AtomicChange[]): Promise<void> {
  checkPaths(changes);
  const staged: Staged[] = [];
  try {
    for (const change of changes) staged.push(await stageChange(change));
  } catch (e) {
    await discard(staged);
    throw writeError(e, failingPath(changes, staged.length), UNCHANGED);
  }
  let index = 0;
  try {
    for (; index < staged.length; index++) {
      await writeFilesTestInternals.beforeCommit?.(index, staged[index].change.path);
      await commit(staged[index]);
    }
  } catch (e) {
    await rollback(staged);
    await discard(staged);
    throw writeError(e, staged[index].change.path, `${UNCHANGED} The files already replaced were restored.`);
  }
  await discard(staged);
  for (const dir of new Set(staged.map((s) => dirname(s.change.path)))) await fsyncDir(dir);
}

function checkPaths(changes: readonly AtomicChange[]): void {
  const seen = new Set<string>();
  for (const c of changes) {
    requireAbsolute(c.path, isAbsolute);
    const key = resolve(c.path);
    if (seen.has(key)) {
      throw quiverError(ERROR_CODES.FILE_WRITE_FAILED, `Could not write '${c.path}': it appears twice in one multi-file write. Merge the changes to it into one. ${UNCHANGED}`, { file: c.path });
    }
    seen.add(key);
  }
}

function failingPath(changes: readonly AtomicChange[], index: number): string {
  return changes[Math.min(index, changes.length - 1)].path;
}

async function stageChange(change: AtomicChange): Promise<Staged> {
  const staged: Staged = { change, created: [], committed: false };
  const target = await inspectTarget(change.path);
  if ('delete' in change) {
    if (!target.exists) throw Object.assign(new Error('cannot delete a file that does not exist'), { code: 'ENOENT' });
    staged.backup = await backupFile(change.path);
    return staged;
  }
  try {
    staged.created = await makeParentDirs(dirname(change.path));
    staged.temp = (await stageTempFile(change.path, change.data, change.mode ?? target.mode)).temp;
    if (target.exists) staged.backup = await backupFile(change.path);
  } catch (e) {
    await discard([staged]);
    throw e;
  }
  return staged;
}

async function commit(s: Staged): Promise<void> {
  if ('delete' in s.change) await unlink(s.change.path);
  else await rename(s.temp!, s.change.path);
  s.temp = undefined;
  s.committed = true;
}

/** Undo committed changes, newest first: restore backups, remove files that were new. */
async function rollback(staged: Staged[]): Promise<void> {
  for (const s of [...staged].reverse()) {
    if (!s.committed) continue;
    if (s.backup) {
      await rename(s.backup, s.change.path).catch(() => undefined);
      s.backup = undefined;
    } else {
      await unlink(s.change.path).catch(() => undefined);
    }
    s.committed = false;
  }
}

/** Remove what staging left behind: unused temps, backups, and directories of uncommitted new files. */
async function discard(staged: Staged[]): Promise<void> {
  for (const s of [...staged].reverse()) {
    if (s.temp) await rm(s.temp, { force: true }).catch(() => undefined);
    if (s.backup) await rm(s.backup, { force: true }).catch(() => undefined);
    if (!s.committed) await removeCreatedDirs(s.created);
    s.temp = undefined;
    s.backup = undefined;
  }
}
