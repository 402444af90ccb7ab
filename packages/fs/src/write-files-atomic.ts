import { rename, rm, unlink } from 'node:fs/promises';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { ERROR_CODES, quiverError } from '@quiver/core';
import { backupFile } from './backup-file.js';
import { openDirHandle, type DirHandle } from './dir-handle.js';
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

/** Options of {@link writeFilesAtomic}. */
export interface WriteFilesAtomicOptions {
  /** Every path is physical; see `WriteFileAtomicOptions.physical` (SPEC P8). @default false */
  physical?: boolean;
}

interface Staged {
  change: AtomicChange;
  dir: DirHandle;
  name: string;
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
export async function writeFilesAtomic(changes: readonly AtomicChange[], opts: WriteFilesAtomicOptions = {}): Promise<void> {
  checkPaths(changes);
  const staged: Staged[] = [];
  try {
    for (const change of changes) staged.push(await stageChange(change, opts.physical ?? false));
  } catch (e) {
    await discard(staged);
    throw writeError(e, changes[staged.length].path, UNCHANGED);
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
}

function checkPaths(changes: readonly AtomicChange[]): void {
  const seen = new Set<string>();
  for (const c of changes) {
    requireAbsolute(c.path, isAbsolute);
    const key = resolve(c.path);
    if (seen.has(key)) {
      throw quiverError(
        ERROR_CODES.FILE_WRITE_FAILED,
        `Could not write '${c.path}': it appears twice in one multi-file write. Merge the changes to it into one. ${UNCHANGED}`,
        { file: c.path },
      );
    }
    seen.add(key);
  }
}

async function stageChange(change: AtomicChange, physical: boolean): Promise<Staged> {
  const created = 'delete' in change ? [] : await makeParentDirs(dirname(change.path));
  let dir: DirHandle;
  try {
    dir = await openDirHandle(dirname(change.path), physical);
  } catch (e) {
    await removeCreatedDirs(created);
    throw e;
  }
  const staged: Staged = { change, dir, name: basename(change.path), created, committed: false };
  try {
    const target = await inspectTarget(dir.at(staged.name));
    if ('delete' in change) {
      if (!target.exists) throw Object.assign(new Error('cannot delete a file that does not exist'), { code: 'ENOENT' });
    } else {
      staged.temp = await stageTempFile(dir, staged.name, change.data, change.mode ?? target.mode);
    }
    if (target.exists) staged.backup = await backupFile(dir, staged.name);
  } catch (e) {
    await discard([staged]);
    throw e;
  }
  return staged;
}

async function commit(s: Staged): Promise<void> {
  if ('delete' in s.change) await unlink(s.dir.at(s.name));
  else await rename(s.dir.at(s.temp!), s.dir.at(s.name));
  s.temp = undefined;
  s.committed = true;
}

/** Undo committed changes, newest first: restore backups, remove files that were new. */
async function rollback(staged: Staged[]): Promise<void> {
  for (const s of [...staged].reverse()) {
    if (!s.committed) continue;
    if (s.backup) {
      await rename(s.dir.at(s.backup), s.dir.at(s.name)).catch(() => undefined);
      s.backup = undefined;
    } else {
      await unlink(s.dir.at(s.name)).catch(() => undefined);
    }
    s.committed = false;
  }
}

/**
 * Finish: remove unused temps and backups and the directories of uncommitted new files,
 * flush each directory once, and close the directory handles.
 */
async function discard(staged: Staged[]): Promise<void> {
  const flushed = new Set<string>();
  for (const s of [...staged].reverse()) {
    if (s.temp) await rm(s.dir.at(s.temp), { force: true }).catch(() => undefined);
    if (s.backup) await rm(s.dir.at(s.backup), { force: true }).catch(() => undefined);
    s.temp = undefined;
    s.backup = undefined;
    if (!flushed.has(s.dir.dir)) await fsyncDir(s.dir.at('.'));
    flushed.add(s.dir.dir);
    await s.dir.close().catch(() => undefined);
    if (!s.committed) await removeCreatedDirs(s.created);
  }
}
