import { constants } from 'node:fs';
import { coreServices, ERROR_CODES, type TaskConfig } from '@quiver/core';
import { openConfined } from '@quiver/workspace';
import { REQUIRED_FILES_LIMITS } from './required-files.js';

/** One loaded file. */
export interface LoadedFile {
  path: string;
  content: string;
}

/** What was loaded, and what was skipped with why. */
export interface RequiredFilesLoad {
  loaded: LoadedFile[];
  skipped: { path: string; reason: string }[];
}

/**
 * Read the summary's required files as read_file would be allowed to without asking
 * (SPEC Part B §16.8): inside a workspace root, not ignored, with `readFiles` auto-approval
 * (or yolo / approve-all). Anything else is skipped, never asked about: compaction must not
 * stop on a prompt. Files are opened bound to their checked path (P8), FIFOs without blocking.
 */
export async function loadRequiredFiles(config: TaskConfig, paths: readonly string[]): Promise<RequiredFilesLoad> {
  const out: RequiredFilesLoad = { loaded: [], skipped: [] };
  let budget = REQUIRED_FILES_LIMITS.chars;
  for (const path of paths) {
    const file =
      out.loaded.length >= REQUIRED_FILES_LIMITS.loaded
        ? { reason: `only ${REQUIRED_FILES_LIMITS.loaded} files are loaded` }
        : await loadOne(config, path, budget);
    if ('reason' in file) {
      out.skipped.push({ path, reason: file.reason });
      continue;
    }
    budget -= file.content.length;
    out.loaded.push(file);
  }
  return out;
}

/** One file, through the checks read_file's gates would make, or why it was skipped. */
async function loadOne(config: TaskConfig, path: string, budget: number): Promise<LoadedFile | { reason: string }> {
  const workspace = config.services.find(coreServices.workspace);
  const ignore = config.services.find(coreServices.ignore);
  const settings = config.approvalSettings;
  if (!workspace) return { reason: 'no workspace to read from' };
  if (!(settings.readFiles || settings.yolo || settings.autoApproveAll))
    return { reason: 'reading files needs approval (approval.readFiles is off)' };
  const resolved = await workspace.resolve(path).catch(() => undefined);
  if (!resolved) return { reason: 'not a valid path' };
  if (!resolved.inside) return { reason: 'outside the workspace' };
  if (!resolved.exists) return { reason: 'not found' };
  const decision = ignore ? await ignore.checkPath(resolved, 'read') : undefined;
  if (decision && !decision.allowed) return { reason: `blocked by ${decision.file ?? ignore!.fileName}` };
  const content = await readWithin(resolved, budget);
  return typeof content === 'string' ? { path: resolved.relative, content } : content;
}

async function readWithin(resolved: Parameters<typeof openConfined>[0], budget: number): Promise<string | { reason: string }> {
  let handle: Awaited<ReturnType<typeof openConfined>> | undefined;
  try {
    handle = await openConfined(resolved, constants.O_RDONLY | constants.O_NONBLOCK);
    const info = await handle.stat();
    if (!info.isFile()) return { reason: 'not a regular file' };
    if (info.size > budget * 4) return { reason: `over the ${REQUIRED_FILES_LIMITS.chars}-character budget` };
    const bytes = await handle.readFile();
    if (bytes.subarray(0, 65_536).includes(0)) return { reason: 'a binary file' };
    const text = bytes.toString('utf8');
    return text.length > budget ? { reason: `over the ${REQUIRED_FILES_LIMITS.chars}-character budget` } : text;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const missing = code === 'ENOENT' || code === ERROR_CODES.FILE_NOT_FOUND;
    if (code === ERROR_CODES.FILE_SPECIAL) return { reason: 'not a regular file' };
    return { reason: missing ? 'not found' : `unreadable (${code ?? (e as Error).message})` };
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
