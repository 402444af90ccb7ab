import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { coreServices, ERROR_CODES, quiverError, screenPath, type ResolvedPath, type TaskConfig } from '@quiver/core';
import { openConfined, specialFileError } from '@quiver/workspace';
import type { PatchPath } from './patch-paths.js';
import { patchError } from './patch-error.js';

/** A file a patch reads: its LF text plus what it takes to write it back the same way. */
export interface LoadedFile {
  /** The text with CRLF normalised to LF and without a BOM. */
  text: string;
  eol: '\n' | '\r\n';
  bom: string;
}

/** Every path of a patch, resolved and checked, and the text of the files it updates or deletes. */
export interface PatchTargets {
  resolved: Map<string, ResolvedPath>;
  files: Record<string, LoadedFile>;
}

/** A path the ignore rules refuse: reported like the pipeline's ignore gate, and not a mistake. */
export class IgnoredPathError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Resolve every path the patch names through the workspace (P1–P4) and the ignore rules
 * (P5–P7, as a write), refuse paths outside every root, refuse an Add or Move onto an
 * existing file and an Update or Delete of a missing one, and read the files to update or
 * delete (bound to the checked path, P8). The pipeline only gates declared path parameters;
 * a patch carries its paths in its text, so they are gated here, before anything is read.
 */
export async function loadPatchTargets(config: TaskConfig, paths: readonly PatchPath[]): Promise<PatchTargets> {
  const targets: PatchTargets = { resolved: new Map(), files: {} };
  for (const { path, kind } of paths) {
    if (path === '')
      throw patchError(`A '*** ${kind === 'move' ? 'Move to' : `${kind[0].toUpperCase()}${kind.slice(1)} File`}:' line has no path.`);
    const target = targets.resolved.get(path) ?? (await resolveChecked(config, path));
    targets.resolved.set(path, target);
    if (target.isDirectory) throw patchError(`${path} is a directory, not a file.`, path);
    if ((kind === 'add' || kind === 'move') && target.exists) {
      throw patchError(
        `${kind === 'add' ? 'Add File' : 'Move'} Error: File already exists: ${path}. Use '*** Update File:' to change an existing file.`,
        path,
      );
    }
    if (kind === 'update' || kind === 'delete') {
      if (!target.exists)
        throw quiverError(ERROR_CODES.FILE_NOT_FOUND, `${kind === 'update' ? 'Update' : 'Delete'} File Error: Missing File: ${path}`, {
          file: path,
        });
      targets.files[path] ??= await readTarget(target, path);
    }
  }
  return targets;
}

/**
 * One patch path through the ignore-rules gate's own check (`screenPath`: P1–P3, E1,
 * P5–P7 as a write), plus P4: a patch only changes files inside the workspace.
 */
async function resolveChecked(config: TaskConfig, path: string): Promise<ResolvedPath> {
  const screen = await screenPath(config.services, path, 'write');
  if (!screen) throw quiverError(ERROR_CODES.SERVICE_MISSING, 'apply_patch needs the workspace service; the host registered none.');
  if (!screen.allowed && screen.stage === 'resolve')
    throw quiverError(screen.code, `${path}: ${screen.text}`, { file: path, rule: screen.rule });
  if (screen.path && !screen.path.inside) {
    throw quiverError(
      ERROR_CODES.PATH_OUTSIDE,
      `${path} is outside every workspace root (rule P4). apply_patch only changes files inside the workspace; nothing was changed.`,
      { file: path, rule: 'P4' },
    );
  }
  if (screen.allowed) return screen.path;
  if (screen.stage === 'protected') throw new IgnoredPathError(`${screen.text} Nothing was changed.`, screen.code);
  const why =
    screen.rule === 'P6'
      ? 'is protected (rule P6): .git/ and the ignore file cannot be written'
      : `is blocked by the ${screen.decision?.file ?? ignoreFileName(config)} file settings (rule ${screen.rule ?? 'P5'})`;
  throw new IgnoredPathError(
    `Access denied: ${path} ${why}. Nothing was changed; continue without this file, or ask the user to update the ignore file.`,
    screen.code,
  );
}

function ignoreFileName(config: TaskConfig): string {
  return config.services.find(coreServices.ignore)?.fileName ?? '.quiverignore';
}

async function readTarget(target: ResolvedPath, path: string): Promise<LoadedFile> {
  const handle = target.inside ? await openConfined(target, 'r') : await open(target.resolved, constants.O_RDONLY | constants.O_NONBLOCK);
  const bytes = await readBounded(handle, target);
  let raw: string;
  try {
    raw = decoder.decode(bytes);
  } catch {
    throw patchError(`${path} is not UTF-8 text; apply_patch only edits UTF-8 text files.`, path);
  }
  const bom = raw.startsWith('\uFEFF') ? '\uFEFF' : '';
  const body = raw.slice(bom.length);
  const crlf = (body.match(/\r\n/g) ?? []).length;
  const lf = (body.match(/\n/g) ?? []).length - crlf;
  return { text: body.replace(/\r\n/g, '\n'), eol: crlf > 0 && crlf >= lf ? '\r\n' : '\n', bom };
}

/** A patched file is read whole: larger ones are refused by their size, before any read (SPEC R1). */
export const MAX_PATCH_FILE_BYTES = 32 * 1024 * 1024;

/** Read an opened target whole, if it is a regular file of a bounded size; closes the handle. */
async function readBounded(handle: FileHandle, target: ResolvedPath): Promise<Buffer> {
  try {
    const st = await handle.stat();
    if (st.isDirectory()) throw patchError(`${target.input} is a directory; apply_patch edits files.`, target.input);
    if (!st.isFile()) throw specialFileError(target.input, target.resolved, st);
    if (st.size > MAX_PATCH_FILE_BYTES)
      throw patchError(
        `${target.input} is ${Math.round(st.size / 1024 / 1024)} MB; apply_patch edits files up to ${MAX_PATCH_FILE_BYTES / 1024 / 1024} MB (they are read whole). Edit it with a command (sed, a script) instead.`,
        target.input,
      );
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
